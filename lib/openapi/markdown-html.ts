/**
 * The little Markdown the OpenAPI document's descriptions use — paragraphs, `##`/`###`
 * headings, `- ` lists, `| tables |`, `code` and **bold** — as HTML. Everything else is text:
 * every character of the source is escaped first, so a description can never inject markup.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Inline code and bold; the rest escaped. */
export function inlineHtml(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      /^`[^`]+`$/.test(part) ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : escapeHtml(part).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>"),
    )
    .join("");
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/** Block-level Markdown as HTML; headings get ids (`idPrefix` + their slug) for the table of contents. */
export function markdownHtml(markdown: string, idPrefix = ""): string {
  const out: string[] = [];
  const lines = markdown.split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inlineHtml(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = /^(#{2,4})\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      const level = heading[1].length;
      out.push(`<h${level} id="${idPrefix}${slug(heading[2])}">${inlineHtml(heading[2])}</h${level}>`);
    } else if (/^\s*- /.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && /^\s*- /.test(lines[i]); i++) items.push(`<li>${inlineHtml(lines[i].replace(/^\s*- /, ""))}</li>`);
      i--;
      out.push(`<ul>${items.join("")}</ul>`);
    } else if (line.trim().startsWith("|")) {
      flush();
      const rows: string[] = [];
      for (; i < lines.length && lines[i].trim().startsWith("|"); i++) rows.push(lines[i]);
      i--;
      const [head, ...body] = rows.filter((r) => !/^\|[\s|:-]+\|$/.test(r.trim()));
      out.push(
        `<div class="table-wrap"><table><thead><tr>${cells(head)
          .map((c) => `<th scope="col">${inlineHtml(c)}</th>`)
          .join("")}</tr></thead>` +
          `<tbody>${body
            .map(
              (r) =>
                `<tr>${cells(r)
                  .map((c) => `<td>${inlineHtml(c)}</td>`)
                  .join("")}</tr>`,
            )
            .join("")}</tbody></table></div>`,
      );
    } else paragraph.push(line.trim());
  }
  flush();
  return out.join("\n");
}
