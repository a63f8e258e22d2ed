/**
 * The reference page's only style sheet, inline and allowed by its hash in the page's CSP.
 * Tables wrap their cells instead of scrolling sideways, so a phone reads them without a
 * scrolling region to reach by keyboard.
 */
export const REFERENCE_CSS = `
:root { --text: #1b1f27; --muted: #4d5666; --line: #d9dee7; --bg: #f6f7f9; --primary: #1f4fd1; --code: #f0f2f6; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
a { color: var(--primary); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875em; background: var(--code); padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
.skip { position: absolute; left: -9999px; top: 8px; background: #fff; padding: 8px 12px; }
.skip:focus { left: 8px; z-index: 10; }
.wrap { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
.top { background: var(--bg); border-bottom: 1px solid var(--line); padding: 20px 0 12px; }
.top h1 { margin: 4px 0 0; font-size: 1.75rem; }
.top p { margin: 0; color: var(--muted); font-size: 0.9375rem; }
.toc a[aria-current="page"] { font-weight: 700; color: var(--text); text-decoration: none; }
main > section > h3 { font-size: 1.1rem; margin: 24px 0 4px; }
table.index td:first-child { width: 42%; }
code.path { overflow-wrap: normal; }
table.index a { text-decoration: none; }
table.index a .path { text-decoration: underline; }
.layout { display: grid; grid-template-columns: 230px minmax(0, 1fr); gap: 32px; padding-top: 24px; padding-bottom: 48px; }
.toc { position: sticky; top: 12px; align-self: start; max-height: calc(100vh - 24px); overflow: auto; font-size: 0.9375rem; }
.toc h2 { font-size: 1rem; margin: 0 0 8px; }
.toc h3 { font-size: 0.875rem; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.toc ul { list-style: none; margin: 0; padding: 0; }
.toc li { margin: 3px 0; }
.muted { color: var(--muted); }
main { min-width: 0; }
main h2 { font-size: 1.5rem; margin: 40px 0 12px; padding-top: 8px; border-top: 1px solid var(--line); }
main > :first-child h2, main > h2:first-child { margin-top: 0; border-top: 0; }
.glance ul { padding-left: 1.2rem; }
.description h2 { font-size: 1.2rem; border-top: 0; margin: 24px 0 8px; }
.description h3 { font-size: 1.05rem; }
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 18px 0; }
.operation h3 { margin: 0 0 10px; font-size: 1.05rem; display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; }
.operation h4 { margin: 16px 0 6px; font-size: 0.95rem; }
.path { font-size: 0.95rem; }
.summary { font-weight: 500; color: var(--muted); }
.method { display: inline-block; min-width: 4.2em; text-align: center; font-size: 0.75rem; font-weight: 700; padding: 2px 6px; border-radius: 4px; color: #fff; }
.method-get { background: #0b6e4f; } .method-post { background: #1f4fd1; } .method-put { background: #7a2fb0; } .method-patch { background: #8a4b00; } .method-delete { background: #b3261e; }
.access { display: flex; flex-wrap: wrap; gap: 6px 24px; margin: 0 0 8px; font-size: 0.9375rem; }
.access div { display: flex; gap: 6px; }
.access dt { font-weight: 600; }
.access dd { margin: 0; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 0.9rem; margin: 6px 0 10px; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 6px 8px 6px 0; overflow-wrap: anywhere; }
th { font-weight: 600; color: var(--muted); }
.status { font-weight: 700; }
.status-2 { color: #0b6e4f; } .status-4 { color: #8a4b00; } .status-5 { color: #b3261e; }
.req { font-size: 0.75rem; color: #8a4b00; }
ul.plain { list-style: none; padding: 0; }
.schema h2 { font-size: 1.15rem; margin: 28px 0 4px; }
@media (max-width: 760px) {
  .layout { grid-template-columns: minmax(0, 1fr); gap: 12px; }
  .toc { position: static; max-height: none; border-bottom: 1px solid var(--line); padding-bottom: 12px; }
  .toc ul { display: flex; flex-wrap: wrap; gap: 2px 14px; }
  .toc h3 { margin-top: 10px; }
  .operation { padding: 12px; }
  th, td { padding-right: 4px; font-size: 0.85rem; }
}
`;
