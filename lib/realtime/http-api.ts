import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { parseBoundedJson } from "./bounded-json";
import {
  MAX_API_BODY_BYTES,
  MAX_CHANNELS_PER_EVENT,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENTS_PER_BATCH,
  MAX_EVENT_NAME_LENGTH,
  SOCKET_ID_PATTERN,
  eventDataBytes,
  isValidChannelName,
} from "./limits";
import { apiRequestRefusal, type AppCredentials } from "./signatures";
import { decodedSegment, parseTarget } from "./request-target";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("realtime");

/** Delivers one event to one channel's subscribers, except the socket `exceptSocketId`. */
export type Deliver = (channel: string, event: string, data: string, exceptSocketId?: string) => void;

type PusherEvent = { channels: string[]; name: string; data: string; socketId?: string };

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const eventFields = {
  name: z.string().min(1).max(MAX_EVENT_NAME_LENGTH),
  data: z.string(),
  socket_id: z.string().regex(SOCKET_ID_PATTERN).optional(),
};
const triggerBody = z.object({ ...eventFields, channels: z.array(z.string()).optional(), channel: z.string().optional() });
const batchItem = z.object({ ...eventFields, channel: z.string() });
const batchBody = z.object({ batch: z.array(z.unknown()).min(1) });

function checked(event: PusherEvent): PusherEvent {
  if (!event.channels.length) throw new ApiError(400, "An event needs `channels` or `channel`.");
  if (event.channels.length > MAX_CHANNELS_PER_EVENT) {
    throw new ApiError(400, `An event can be triggered on at most ${MAX_CHANNELS_PER_EVENT} channels.`);
  }
  const invalid = event.channels.find((channel) => !isValidChannelName(channel));
  if (invalid !== undefined) throw new ApiError(400, `Invalid channel name: ${JSON.stringify(invalid.slice(0, 200))}.`);
  if (eventDataBytes(event.data) > MAX_EVENT_DATA_BYTES) {
    throw new ApiError(413, `Event data is limited to ${MAX_EVENT_DATA_BYTES / 1024} KB.`);
  }
  return event;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError(400, `Invalid ${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return result.data;
}

/** The events a request asks for, all validated before any is delivered. */
function eventsOf(kind: "events" | "batch_events", body: unknown): PusherEvent[] {
  if (kind === "events") {
    const event = parsed(triggerBody, body);
    const channels = event.channels ?? (event.channel !== undefined ? [event.channel] : []);
    return [checked({ channels, name: event.name, data: event.data, socketId: event.socket_id })];
  }
  const { batch } = parsed(batchBody, body);
  if (batch.length > MAX_EVENTS_PER_BATCH) throw new ApiError(400, `A batch holds at most ${MAX_EVENTS_PER_BATCH} events.`);
  return batch.map((item) => {
    const event = parsed(batchItem, item);
    return checked({ channels: [event.channel], name: event.name, data: event.data, socketId: event.socket_id });
  });
}

/** The body, or undefined once it passes `limit` (reading stops there: nothing more is buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, body: string, contentType = "text/plain; charset=utf-8") {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Pusher's HTTP API as the `pusher` SDK calls it: POST /apps/<id>/events,
 * /apps/<id>/batch_events and /apps/<id>/users/<user_id>/terminate_connections, and GET
 * /apps/<id>/channels/<name> (`{ "occupied": … }`: whether someone is subscribed, which tells the
 * e-mail notifications a person is online), signed with the app secret. Also answers GET / for
 * health checks.
 */
export function createHttpApi(
  app: AppCredentials,
  deliver: Deliver,
  terminateUser: (userId: string) => void,
  occupied: (channel: string) => boolean = () => false,
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = parseTarget(req.url);
    if (!url) return reply(res, 400, "The request target is not a valid URL.");
    if (req.method === "GET" && (url.pathname === "/" || url.pathname === "/health")) {
      return reply(res, 200, JSON.stringify({ ok: true }), "application/json");
    }
    const channelInfo = /^\/apps\/([^/]+)\/channels\/([^/]{1,200})$/.exec(url.pathname);
    if (channelInfo && channelInfo[1] === app.appId) {
      if (req.method !== "GET") return reply(res, 405, "Use GET.");
      const refusal = apiRequestRefusal(app, { method: "GET", path: url.pathname, query: url.searchParams, body: Buffer.alloc(0) });
      if (refusal) return reply(res, 401, refusal);
      const channel = decodedSegment(channelInfo[2]);
      if (channel === null || !isValidChannelName(channel)) return reply(res, 400, "Not a channel name.");
      return reply(res, 200, JSON.stringify({ occupied: occupied(channel) }), "application/json");
    }
    const route = /^\/apps\/([^/]+)\/(events|batch_events|users\/([^/]{1,200})\/terminate_connections)$/.exec(url.pathname);
    if (!route || route[1] !== app.appId) return reply(res, 404, "Not found.");
    if (req.method !== "POST") return reply(res, 405, "Use POST.");

    try {
      const body = await readBody(req, MAX_API_BODY_BYTES);
      if (!body) {
        // Stop the client sending the rest: answer, then drop the connection.
        res.setHeader("connection", "close");
        res.on("finish", () => req.socket.destroy());
        return reply(res, 413, `Request bodies are limited to ${MAX_API_BODY_BYTES} bytes.`);
      }
      const refusal = apiRequestRefusal(app, { method: "POST", path: url.pathname, query: url.searchParams, body });
      if (refusal) return reply(res, 401, refusal);
      const json = parseBoundedJson(body.toString("utf8"));
      if (json === undefined) throw new ApiError(400, "The body is not JSON (or nests deeper than 32 levels).");
      if (route[3] !== undefined) {
        const userId = decodedSegment(route[3]);
        if (userId === null) throw new ApiError(400, "The user id has malformed percent-encoding.");
        terminateUser(userId);
        return reply(res, 200, "{}", "application/json");
      }
      for (const event of eventsOf(route[2] as "events" | "batch_events", json)) {
        for (const channel of event.channels) deliver(channel, event.name, event.data, event.socketId);
      }
      return reply(res, 200, "{}", "application/json");
    } catch (error) {
      if (error instanceof ApiError) return reply(res, error.status, error.message);
      log.error({ err: error }, "HTTP API request failed");
      if (!res.headersSent) reply(res, 500, "Internal error.");
    }
  };
}
