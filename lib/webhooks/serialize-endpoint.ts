import type { EventType } from "./event-types.shared";
import type { Endpoint } from "./schemas";

export const endpointSelect = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  disabledAt: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The endpoint as the API shows it: never its secrets. */
export function serializeEndpoint(e: EndpointRow, now = Date.now()): Endpoint {
  const grace = e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now ? e.previousSecretExpiresAt.getTime() : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes as EventType[],
    enabled: e.enabled ? 1 : 0,
    disabled_reason: e.enabled ? null : e.disabledReason,
    disabled_at: e.enabled ? null : (e.disabledAt?.getTime() ?? null),
    previous_secret_expires_at: grace,
    created_at: e.createdAt.getTime(),
    updated_at: e.updatedAt.getTime(),
  };
}
