import { Fragment } from "react";

// lib/search/schemas.ts MARK_START / MARK_END (not imported: that module brings zod along).
const MARK_START = "\u0002";
const MARK_END = "\u0003";

/**
 * A snippet as the search answers it: plain text in which each matched word sits between U+0002
 * and U+0003. Those words become <mark>; everything stays React text, never HTML.
 */
export function SearchSnippet({ text }: { text: string }) {
  const parts = text.split(MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <Fragment key={i}>{part.replaceAll(MARK_END, "")}</Fragment>;
        const end = part.indexOf(MARK_END);
        const marked = end === -1 ? part : part.slice(0, end);
        const rest = end === -1 ? "" : part.slice(end + 1).replaceAll(MARK_END, "");
        return (
          <Fragment key={i}>
            <mark>{marked}</mark>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}
