import { describe, expect, it } from "vitest";
import { markdownHtml } from "./markdown-html";

describe("markdownHtml", () => {
  it("escapes everything before adding its own markup", () => {
    const html = markdownHtml('<script>alert(1)</script> `<b>` **"bold"**');
    expect(html).toBe("<p>&#60;script&#62;alert(1)&#60;/script&#62; <code>&#60;b&#62;</code> <strong>&#34;bold&#34;</strong></p>");
  });

  it("renders headings with ids, lists and tables", () => {
    const html = markdownHtml("## Rate limits\n\n- one `x`\n- two\n\n| a | b |\n|---|---|\n| 1 | `2` |\n\ntext", "p-");
    expect(html).toContain('<h2 id="p-rate-limits">Rate limits</h2>');
    expect(html).toContain("<ul><li>one <code>x</code></li><li>two</li></ul>");
    expect(html).toContain('<thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead><tbody><tr><td>1</td><td><code>2</code></td></tr></tbody>');
    expect(html).toContain("<p>text</p>");
  });
});
