import "server-only";
import Pusher from "pusher";
import { realtimeServerSettings } from "@/lib/realtime/config";
import { down, up, withinMs, type PartHealth } from "./part-health";

const TIMEOUT_MS = 2000;
/** Hosted Pusher is asked at most this often, however often health is. */
const HOSTED_CACHE_MS = 30_000;

let hostedCache: { for: Pusher.Options; at: number; result: Promise<PartHealth> } | undefined;

async function answersHealthPath(host: string, port: string, useTLS: boolean): Promise<PartHealth> {
  const check = "GET /health";
  try {
    // The body is read, not cancelled: under Next.js's fetch, cancelling a body can wait forever.
    // The time limit covers the whole exchange, the body included.
    const res = await withinMs(
      fetch(`${useTLS ? "https" : "http"}://${host}:${port}/health`, { cache: "no-store" }).then(async (r) => (await r.arrayBuffer(), r)),
      TIMEOUT_MS,
    );
    return res.ok ? up(check) : { ok: false, check, error: `HTTP ${res.status}` };
  } catch (error) {
    return down(check, (error as { cause?: unknown }).cause ?? error);
  }
}

/** A signed read of the channel list: the service answers and accepts our credentials. */
async function hostedAnswers(settings: Pusher.Options): Promise<PartHealth> {
  const check = "signed GET /channels";
  try {
    const res = await withinMs(new Pusher({ ...settings, timeout: TIMEOUT_MS }).get({ path: "/channels" }), TIMEOUT_MS);
    return res.ok ? up(check) : { ok: false, check, error: `HTTP ${res.status}` };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === "number" ? { ok: false, check, error: `HTTP ${status}` } : down(check, error);
  }
}

/**
 * The embedded server (host and port of its HTTP API), or a self-hosted one (PUSHER_HOST): its
 * health path (soketi answers it too). Hosted Pusher Channels (PUSHER_CLUSTER): a signed call, cached briefly.
 */
export async function checkRealtime(): Promise<PartHealth> {
  const settings = realtimeServerSettings();
  if ("host" in settings && settings.host) return answersHealthPath(settings.host, settings.port ?? (settings.useTLS ? "443" : "80"), settings.useTLS ?? false);
  if (!hostedCache || hostedCache.for !== settings || Date.now() - hostedCache.at > HOSTED_CACHE_MS) {
    hostedCache = { for: settings, at: Date.now(), result: hostedAnswers(settings) };
  }
  return hostedCache.result;
}
