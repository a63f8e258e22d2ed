type Listener = (queryKey: readonly unknown[]) => void;

let listener: Listener | null = null;

/** The tab's query client (query-client.ts) hears here of changes made without it. */
export function onListChanged(l: Listener) {
  listener = l;
}

/**
 * A change made without react-query (by a page rendered on the server, which renders itself
 * again): what the tab's query cache holds under `queryKey`, if it holds anything, is stale for
 * the pages that read it there. Costs a page none of react-query's code.
 */
export function listChanged(queryKey: readonly unknown[]) {
  listener?.(queryKey);
}
