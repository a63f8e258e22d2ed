"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchedBy, apiQueries } from "@/components/api/api-queries";
import type { ApiKey } from "./api-key";

/** The district's API keys, for the pages that name them (the audit trail's filter); the keys page itself is rendered on the server. */
export const useApiKeys = () => useQuery(fetchedBy<ApiKey[]>(apiQueries.apiKeys()));
