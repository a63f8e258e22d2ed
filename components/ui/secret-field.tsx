"use client";

import { useRef, useState } from "react";

type Text = { label: string; copy: string; copied: string; onClipboard: string; hint: string };

/**
 * A secret shown once (an API key, a webhook signing secret): read-only, selected on focus, with
 * a copy button that falls back to selecting the text where the clipboard is refused.
 */
export function SecretField({ id, value, text, labelClassName = "field-label" }: { id: string; value: string; text: Text; labelClassName?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      input.current?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
  };
  return (
    <div className="field">
      <label className={labelClassName} htmlFor={id}>
        {text.label}
      </label>
      <div className="key-box">
        <input ref={input} id={id} className="input" readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-autofocus spellCheck={false} />
        <button type="button" className="btn btn-primary" onClick={copy}>
          {copied ? text.copied : text.copy}
        </button>
      </div>
      <p className="field-hint" aria-live="polite">
        {copied ? text.onClipboard : text.hint}
      </p>
    </div>
  );
}
