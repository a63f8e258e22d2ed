"use client";

import { QueryClientContext, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useContext, useEffect, useState } from "react";
import type { Me } from "@/components/me/me";
import { useFrameMe } from "@/components/me/me-context";
import { meKeys } from "@/components/me/use-me";
import { getQueryClient } from "./query-client";

/** The frame's `me` last put in each client's cache: a page mounting later must not undo a newer answer of /api/me. */
const seeded = new WeakMap<QueryClient, Me>();

function seedMe(client: QueryClient, me: Me | null) {
  if (!me || seeded.get(client) === me) return;
  seeded.set(client, me);
  client.setQueryData(meKeys.all, me);
}

/**
 * The API's data layer (react-query) for what it wraps: a page that reads the API
 * (app/(app)/_prefetch/prefetched.tsx, the settings' layout, the account page), or an island of
 * the top bar. The frame itself does without it, so a page rendered on the server alone (a
 * candidate's start page) downloads none of react-query. The frame's `me` is the `me` query's
 * data: pages have it at once, and a newer one (after the person changed their language, say)
 * replaces it. Inside another provider it adds nothing.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const outer = useContext(QueryClientContext);
  const me = useFrameMe();
  // Seeded while rendering too: the server renders once and runs no effect.
  const [client] = useState(() => {
    const own = outer ?? getQueryClient();
    seedMe(own, me);
    return own;
  });
  useEffect(() => seedMe(client, me), [client, me]);
  if (outer) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
