import { MAX_PAGE_ROWS } from "@/lib/http/page-params";

/** How the long lists are paged, for their operations' descriptions and parameters (lib/http/page-params.ts). */
export const PAGING =
  `Paging: with \`limit\` (1 to ${MAX_PAGE_ROWS.toLocaleString("en")}) the list comes in pages of that many rows, in the same order; a page that is not the last ` +
  'names the next in `X-Next-Cursor` (and `Link: <…>; rel="next"`): send it back as `cursor` for the next page. Paging is by key: rows ' +
  "added, changed or removed between pages are neither repeated nor skipped unless they move across the page boundary. Pages carry no `ETag`. " +
  "Without `limit` (and `cursor`) the whole list comes at once.";

export const pagingQueryDocs = {
  limit: { description: `Rows per page, 1 to ${MAX_PAGE_ROWS.toLocaleString("en")}; without it the whole list comes at once.`, example: "1000" },
  cursor: { description: "The `X-Next-Cursor` of the page before (opaque). Sent without `limit`, pages hold 1,000 rows." },
};

export const pagingHeaders = {
  "X-Next-Cursor": "The `cursor` of the next page; absent on the last page and when the list comes whole.",
  Link: 'The next page as `<…>; rel="next"`, with the same headers as this one.',
};
