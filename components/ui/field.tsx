"use client";

import { useId } from "react";

/**
 * A labelled input with its hint and error wired up for assistive technology
 * (`aria-invalid`, `aria-describedby`). Pass the input as a render function to receive the props.
 */
export function Field({
  label,
  error,
  hint,
  children,
  className = "",
}: {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${className}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
