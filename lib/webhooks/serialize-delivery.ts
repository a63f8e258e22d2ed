import type { Delivery } from "./schemas";

export const deliverySelect = {
  id: true,
  eventId: true,
  kind: true,
  status: true,
  attempts: true,
  responseStatus: true,
  responseMs: true,
  error: true,
  createdAt: true,
  lastAttemptAt: true,
  deliveredAt: true,
  event: { select: { type: true } },
} as const;

type DeliveryRow = {
  id: string;
  eventId: string;
  kind: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  event: { type: string };
};

export const serializeDelivery = (d: DeliveryRow): Delivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.event.type,
  kind: d.kind as Delivery["kind"],
  status: d.status as Delivery["status"],
  attempts: d.attempts,
  response_status: d.responseStatus,
  response_ms: d.responseMs,
  error: d.error,
  created_at: d.createdAt.getTime(),
  last_attempt_at: d.lastAttemptAt?.getTime() ?? null,
  delivered_at: d.deliveredAt?.getTime() ?? null,
});
