/**
 * `server-only` marks modules that must never reach the browser: the package throws unless it
 * is resolved under React's `react-server` condition, as Next.js does for server code. The
 * service's own Node processes (npm start's parts, the worker, the admin command, benches) are
 * server code too: this hook resolves the marker to an empty module for them. It also gives them
 * use-intl's format-only runtime, as next.config.mjs does for the app: messages reach use-intl
 * precompiled (lib/i18n/compiled-messages.ts), and the full runtime refuses them (INVALID_MESSAGE),
 * which the worker met rendering notification e-mails.
 * Loaded with `node --import ./scripts/server-only-stub.mjs` (or tsx's `--import`).
 */
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", format: "module", shortCircuit: true };
  if (specifier === "use-intl/format-message") return next("use-intl/format-message/format-only", context);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
