/**
 * The embedded Pusher-protocol server for a `--baseline` checkout from before user sign-in
 * (pusher:signin) existed: the same server as `npm run realtime`, from this checkout, on
 * PUSHER_PORT with PUSHER_* credentials, but without the sign-in rule that checkout's app
 * cannot satisfy. Only `npm run bench:load` starts it.
 */
import { env } from "@/lib/env";
import { realtimeCredentials } from "@/lib/realtime/config";
import { startEmbeddedRealtimeServer } from "@/lib/realtime/embedded-server";

const e = env();
const server = await startEmbeddedRealtimeServer({ ...realtimeCredentials(), host: "127.0.0.1", port: e.PUSHER_PORT ?? e.REALTIME_PORT, requireSignin: false });
console.log(`[realtime] Pusher protocol on 127.0.0.1:${server.port}, no sign-in required`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
