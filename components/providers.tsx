"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 15_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
