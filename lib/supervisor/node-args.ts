import path from "node:path";

/**
 * Node's arguments for a TypeScript process of the service: tsx, and `server-only` resolved as
 * the server code it is (scripts/server-only-stub.mjs). Apart from spawn-part.ts, which is
 * server-only: Playwright's specs start processes with these arguments and load this module
 * without the stub.
 */
export const SERVER_NODE_ARGS = ["--import", "tsx", "--import", path.resolve("scripts/server-only-stub.mjs")];

/** Node's arguments that run `script`: through tsx when it is TypeScript, as it is otherwise (the app server's bundle). */
export const scriptArgs = (script: string) => (script.endsWith(".ts") ? [...SERVER_NODE_ARGS, script] : [script]);
