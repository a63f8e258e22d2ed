"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { mayPassOnRetry } from "@/components/api/api-fetch";
import { meKeys } from "@/components/me/use-me";
import type { Me } from "@/components/me/me";
import { ToastProvider } from "@/components/ui/toast";

/** A 401 anywhere means the session is gone: back to the sign-in page, then here again. */
function onUnauthorized(error: unknown) {
  if ((error as { status?: number })?.status !== 401 || typeof window === "undefined") return;
  const { pathname, search } = window.location;
  window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(pathname + search)}`);
}

/**
 * The signed-in pages' data layer (react-query) and notices. `me`, as the server rendered the
 * page with it, is the `me` query's data: pages have it at once, and a new one (after the
 * person changed their language, say) replaces it.
 */
export function Providers({ me, children }: { me: Me; children: React.ReactNode }) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      queryCache: new QueryCache({ onError: onUnauthorized }),
      mutationCache: new MutationCache({ onError: onUnauthorized }),
      defaultOptions: {
        // Retry when the server never answered, or said it was busy; other HTTP errors will not fix themselves.
        queries: { staleTime: 15_000, retry: (count, error) => count < 2 && mayPassOnRetry(error) },
      },
    });
    queryClient.setQueryData(meKeys.all, me);
    return queryClient;
  });
  // A new `me` only: setting the same one again at hydration would notify every `me` observer.
  useEffect(() => {
    if (client.getQueryData(meKeys.all) !== me) client.setQueryData(meKeys.all, me);
  }, [client, me]);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
