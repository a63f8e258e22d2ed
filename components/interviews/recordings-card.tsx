"use client";

import { inLanguage } from "@/components/forms/form-types";
import { formatDate } from "@/components/ui/format";
import { isMultilingual } from "./interview-format";
import type { Recording } from "./interview-types";

/** A transcript or summary: a plain text or a multilingual one. */
function textOf(value: unknown, language: string): string {
  if (typeof value === "string") return value;
  if (isMultilingual(value)) return inLanguage(value, language);
  return "";
}

/**
 * The interview's recordings: a player each, with transcript and summary once they exist.
 * The in-browser recorder will live here too (it is another piece of work); for now this
 * only lists what `audio` holds.
 */
export function RecordingsCard({ audio, language }: { audio: Record<string, Recording>; language: string; canEdit?: boolean }) {
  const recordings = Object.entries(audio ?? {}).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0));
  return (
    <section className="card iv-recordings" aria-labelledby="recordings-title">
      <div className="card-head">
        <div>
          <h2 id="recordings-title">
            <span aria-hidden="true" className="iv-rec-dot" /> Recordings
          </h2>
          <p>Audio of the interview, with transcript and summary.</p>
        </div>
      </div>
      <div className="card-body">
        {recordings.length === 0 ? (
          <p className="muted">No recordings yet. Recording in the browser arrives here.</p>
        ) : (
          <ul className="iv-rec-list">
            {recordings.map(([id, r], i) => {
              const name = inLanguage(r.name, language) || `Recording ${i + 1}`;
              const transcript = textOf(r.transcript, language);
              const summary = textOf(r.summary, language);
              return (
                <li key={id} className="iv-rec">
                  <div className="iv-rec-head">
                    <span className="iv-rec-name">{name}</span>
                    {r.created_at ? <span className="muted small">{formatDate(r.created_at, true)}</span> : null}
                  </div>
                  {r.url ? (
                    <audio controls preload="none" src={r.url} aria-label={name} className="iv-audio" />
                  ) : (
                    <p className="muted small">The audio is not available.</p>
                  )}
                  {summary && (
                    <details className="iv-rec-text" open>
                      <summary>Summary</summary>
                      <p>{summary}</p>
                    </details>
                  )}
                  {transcript && (
                    <details className="iv-rec-text">
                      <summary>Transcript</summary>
                      <p>{transcript}</p>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
