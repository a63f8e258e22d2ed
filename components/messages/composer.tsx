"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";

const MAX = 4000;

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * composes a character does neither). It grows with its text, up to a few lines.
 */
export function Composer({ onSend, onTyping, disabled }: { onSend: (body: string) => void; onTyping: (typing: boolean) => void; disabled?: boolean }) {
  const t = useTranslations("chat");
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  const resize = () => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 180)}px`;
  };

  const submit = () => {
    const body = text.trim();
    if (!body || disabled) return;
    onSend(body);
    onTyping(false);
    setText("");
    requestAnimationFrame(resize);
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        className="input composer-input"
        rows={1}
        value={text}
        maxLength={MAX}
        disabled={disabled}
        aria-label={t("composerLabel")}
        aria-describedby={hintId}
        placeholder={t("composerPlaceholder")}
        onChange={(e) => {
          setText(e.target.value);
          onTyping(e.target.value.trim().length > 0);
          resize();
        }}
        onBlur={() => onTyping(false)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" className="btn btn-primary composer-send" disabled={disabled || !text.trim()}>
        {t("send")}
      </button>
      <p id={hintId} className="composer-hint">
        {text.length > MAX - 500 ? t("charactersLeft", { count: MAX - text.length }) : t("composerHint")}
      </p>
    </form>
  );
}
