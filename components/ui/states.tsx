"use client";

import { errorMessage } from "@/components/api/api-fetch";

export function Spinner({ label = "Loading…", size = "md" }: { label?: string; size?: "sm" | "md" }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner ${size === "sm" ? "spinner-sm" : ""}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Grey placeholder lines while a page loads. */
export function Skeleton({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  return (
    <div className={`skeleton-block ${className}`} aria-busy="true" aria-label="Loading">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading" className="skeleton-rows">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row">
          <div className="skeleton skeleton-circle" />
          <div className="skeleton-row-text">
            <div className="skeleton" style={{ width: `${40 + ((i * 13) % 30)}%` }} />
            <div className="skeleton skeleton-thin" style={{ width: `${25 + ((i * 7) % 20)}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ErrorState({ error, onRetry, title = "Could not load this" }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title}</p>
      <p className="state-text">{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="state">
      <p className="state-title">{title}</p>
      {children && <div className="state-text">{children}</div>}
      {action}
    </div>
  );
}
