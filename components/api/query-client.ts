import { isServer, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { mayPassOnRetry } from "./api-fetch";
import { onListChanged } from "./list-changes";

/** A 401 anywhere means the session is gone: back to the sign-in page, then here again. */
function onUnauthorized(error: unknown) {
  if ((error as { status?: number })?.status !== 401 || typeof window === "undefined") return;
  const { pathname, search } = window.location;
  window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(pathname + search)}`);
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      // Retry when the server never answered, or said it was busy; other HTTP errors will not fix themselves.
      queries: { staleTime: 15_000, retry: (count, error) => count < 2 && mayPassOnRetry(error) },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache, for the whole tab: each page that reads the API and the top
 * bar's islands (the unread badge, the search palette) mount their own provider
 * (components/api/query-provider.tsx) around this same client, so what one loads the others
 * see, across navigations. On the server, a new one for each render: never shared between people.
 */
export function getQueryClient() {
  if (isServer) return makeQueryClient();
  if (!browserClient) {
    const client = (browserClient = makeQueryClient());
    onListChanged((queryKey) => void client.invalidateQueries({ queryKey }));
  }
  return browserClient;
}
