import "server-only";
import { env } from "@/lib/env";

/**
 * Node flags of the app's server process (scripts/serve.ts): a bounded heap (APP_HEAP_MB), so
 * that V8 collects garbage before the process grows to hundreds of MB of it under load.
 */
export const appNodeFlags = () => [`--max-old-space-size=${env().APP_HEAP_MB}`];
