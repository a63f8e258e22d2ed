"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { ToastProvider } from "@/components/ui/toast";

/** A 401 anywhere means the session is gone: back to the sign-in page, then here again. */
function onUnauthorized(error: unknown) {
  if ((error as { status?: number })?.status !== 401 || typeof window === "undefined") return;
  const { pathname, search } = window.location;
  if (pathname.startsWith("/sign-in")) return;
  window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(pathname + search)}`);
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onUnauthorized }),
        mutationCache: new MutationCache({ onError: onUnauthorized }),
        defaultOptions: {
          // Retry only when the server never answered; an HTTP error will not fix itself.
          queries: { staleTime: 15_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
