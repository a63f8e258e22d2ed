import "server-only";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/env";
import { requestContext } from "@/lib/http/request-context";
import { partName } from "./part-name";

/**
 * Fields that never reach a log line, whatever object is logged: a second safety net behind the
 * rule that lines carry ids, never tokens, cookies, secrets, passwords or bodies. pino's `*` is
 * one level deep, hence each name at the top and one level down.
 */
const SECRET_FIELDS = ["authorization", "cookie", "set-cookie", "token", "sessionToken", "password", "secret", "apiKey", "key", "body"];
const REDACT = [
  ...SECRET_FIELDS.flatMap((name) => [`["${name}"]`, `*["${name}"]`]),
  'headers["authorization"]',
  'headers["cookie"]',
  '*.headers["authorization"]',
  '*.headers["cookie"]',
];

/** What the work running now is part of: the request id, the district, who asks, the job. */
function contextFields() {
  const context = requestContext();
  if (!context) return {};
  const actor = context.ctx?.actor;
  return {
    requestId: context.requestId,
    districtId: context.ctx?.districtId,
    actorId: actor ? (actor.type === "person" ? `person:${actor.personId}` : `key:${actor.keyId}`) : undefined,
    jobId: context.job?.id,
    queue: context.job?.queue,
    command: context.ops?.command,
  };
}

/** The settings, or their defaults when the environment is not valid (the logger must never throw). */
function settings() {
  try {
    const { LOG_LEVEL, LOG_FORMAT, LOG_FILE } = env();
    return { level: LOG_LEVEL, format: LOG_FORMAT ?? (process.env.NODE_ENV === "development" ? "pretty" : "json"), file: LOG_FILE };
  } catch {
    return { level: "info", format: "json", file: undefined };
  }
}

/**
 * Where the lines go: one JSON object a line, written synchronously (a line logged just before a
 * crash is not lost), errors on stderr and the rest on stdout; LOG_FILE instead when set (the test
 * run scans it); pino-pretty's readable lines under `npm run dev`. A part's stdout and stderr are
 * the supervisor's: the lines of every part arrive as they are, one per line, never wrapped again.
 */
function destination(format: string, file: string | undefined) {
  if (file) return pino.destination({ dest: file, append: true, mkdir: true, sync: true });
  if (format === "pretty") return pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), ignore: "pid,hostname", messageKey: "msg" });
  return pino.multistream(
    [
      { level: "trace", stream: pino.destination({ fd: 1, sync: true }) },
      { level: "error", stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

type Destination = pino.DestinationStream;
const DESTINATION = Symbol.for("cas.log-destination");

function createLogger(): Logger {
  const { level, format, file } = settings();
  const chosen = holder[DESTINATION] as Destination | undefined;
  return pino(
    {
      level,
      base: { part: partName(), pid: process.pid },
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: contextFields,
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    chosen ?? destination(format, file),
  );
}

// One logger per process, kept on globalThis: the route bundles Next.js loads carry their own
// copies of this module, and each copy would otherwise open its own destination.
const KEY = Symbol.for("cas.logger");
const holder = globalThis as unknown as Record<symbol, Logger | Destination | undefined>;

/** The process's logger; `log.child({ component })` names where a line comes from. */
function logger(): Logger {
  return (holder[KEY] ??= createLogger()) as Logger;
}

type Levels = Pick<Logger, "fatal" | "error" | "warn" | "info" | "debug">;

/** A logger for one part of the code: its lines carry `component` ("jobs", "realtime"…). */
export function loggerFor(component: string): Levels {
  let root: Logger | undefined;
  let child: Logger | undefined;
  const current = () => {
    const now = logger();
    if (now !== root) [root, child] = [now, now.child({ component })];
    return child!;
  };
  const level = (name: keyof Levels) => ((...args: unknown[]) => (current()[name] as (...a: unknown[]) => void)(...args)) as Logger[typeof name];
  return { fatal: level("fatal"), error: level("error"), warn: level("warn"), info: level("info"), debug: level("debug") };
}

/**
 * Sends this process's lines to `target` (a file to append to, or a stream) instead, from the next
 * line on; undefined goes back to the settings. For the test run, whose processes log to one file
 * that is scanned at the end (tests/helpers/global-setup.ts), and for tests that read the lines.
 * Processes this one starts are not affected: their output is what it always is.
 */
export function setLogDestination(target: string | Destination | undefined) {
  (holder[KEY] as Logger | undefined)?.flush?.();
  holder[DESTINATION] = typeof target === "string" ? pino.destination({ dest: target, append: true, mkdir: true, sync: true }) : target;
  holder[KEY] = undefined;
}

/** Where this process's lines go when set by setLogDestination. */
export const logDestination = () => holder[DESTINATION] as Destination | undefined;
