import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START } from "@/lib/search/schemas";
import { SearchSnippet } from "./search-snippet";

const html = (text: string) => renderToStaticMarkup(createElement(SearchSnippet, { text }));

describe("a search snippet", () => {
  it("marks the words between the server's marks, and nothing else", () => {
    expect(html(`Tell us about the ${MARK_START}library${MARK_END} and the ${MARK_START}work${MARK_END}.`)).toBe(
      "Tell us about the <mark>library</mark> and the <mark>work</mark>.",
    );
  });

  it("keeps markup in the text as text", () => {
    expect(html(`<img src=x onerror=alert(1)> ${MARK_START}<b>bold</b>${MARK_END}`)).toBe(
      "&lt;img src=x onerror=alert(1)&gt; <mark>&lt;b&gt;bold&lt;/b&gt;</mark>",
    );
  });

  it("survives marks that do not pair up", () => {
    expect(html(`a ${MARK_END}b ${MARK_START}c`)).toBe("a b <mark>c</mark>");
  });
});
