"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";

/** The emoji offered; any single emoji is accepted by the API. */
const QUICK_EMOJI = ["👍", "❤️", "😂", "🎉", "🙏", "👀", "✅", "😮", "😢", "🔥", "👏", "💯", "🙌", "🤔", "😊", "👌"];

/** "Add a reaction": a small panel of emoji; Escape or a click elsewhere closes it. */
export function ReactionPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useTranslations("chat");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLButtonElement>(".emoji-option")?.focus();
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="reaction-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="reaction reaction-add"
        aria-label={t("addReaction")}
        title={t("addReaction")}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">☺+</span>
      </button>
      {open && (
        <div id={panelId} className="emoji-panel" role="group" aria-label={t("pickReaction")}>
          {QUICK_EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-option"
              aria-label={t("reactWith", { emoji })}
              onClick={() => {
                setOpen(false);
                onPick(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
