/**
 * Sends real Request objects through the app's route modules (the same exported functions
 * Next.js calls for app/**\/route.ts), so every test crosses the wrapper, the handler and
 * the database. The e2e suite covers the same routes over a real HTTP server.
 */
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

const modules = import.meta.glob<RouteModule>("../../app/**/route.ts");

type CompiledRoute = { pattern: RegExp; names: { name: string; catchAll: boolean }[]; load: () => Promise<RouteModule>; staticness: number };

const routes: CompiledRoute[] = Object.entries(modules)
  .map(([file, load]) => {
    const segments = file
      .replace("../../app", "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter(Boolean);
    const names: CompiledRoute["names"] = [];
    const source = segments
      .map((segment) => {
        const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
        if (catchAll) return (names.push({ name: catchAll[1], catchAll: true }), "/(.+)");
        const param = /^\[(\w+)\]$/.exec(segment);
        if (param) return (names.push({ name: param[1], catchAll: false }), "/([^/]+)");
        return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    return { pattern: new RegExp(`^${source}/?$`), names, load, staticness: segments.filter((s) => !s.startsWith("[")).length };
  })
  .sort((a, b) => b.staticness - a.staticness);

export const BASE = "http://localhost:3000";

export type CallOptions = {
  token?: string | null;
  body?: unknown;
  /** Sent exactly as given (for invalid JSON tests). */
  rawBody?: string | Uint8Array;
  form?: FormData;
  /** Sent as a streamed body (see `streamedForm`); its content type goes in `headers`. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
};

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; response: Response };

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, BASE);
  const match = routes.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).find((x) => x.m);
  if (!match) throw new Error(`No route for ${url.pathname}`);
  const params: Record<string, string | string[]> = {};
  match.r.names.forEach(({ name, catchAll }, i) => {
    const raw = match.m![i + 1];
    params[name] = catchAll ? raw.split("/").map(decodeURIComponent) : decodeURIComponent(raw);
  });
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.stream) body = options.stream;
  else if (options.rawBody !== undefined) body = options.rawBody as BodyInit;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body, ...(options.stream ? { duplex: "half" } : {}) } as RequestInit);
  const mod = await match.r.load();
  const handler = mod[method];
  const response = handler
    ? await handler(request, { params: Promise.resolve(params) })
    : new Response(JSON.stringify({ error: { code: "method_not_allowed" } }), { status: 405 });
  const text = await response.clone().text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON bodies (files) stay text */
  }
  return { status: response.status, body: parsed as T, headers: response.headers, response };
}

export const api = {
  get: <T = any>(path: string, token?: string | null, o: CallOptions = {}) => call<T>("GET", path, { ...o, token }),
  post: <T = any>(path: string, token: string | null | undefined, body?: unknown, o: CallOptions = {}) => call<T>("POST", path, { ...o, token, body }),
  patch: <T = any>(path: string, token: string | null | undefined, body?: unknown, o: CallOptions = {}) => call<T>("PATCH", path, { ...o, token, body }),
  put: <T = any>(path: string, token: string | null | undefined, o: CallOptions = {}) => call<T>("PUT", path, { ...o, token }),
  delete: <T = any>(path: string, token?: string | null, o: CallOptions = {}) => call<T>("DELETE", path, { ...o, token }),
};

/** A part of `streamedForm`: a text field, or a file whose bytes come from `chunks`. */
export type StreamedPart =
  { name: string; value: string } | { name: string; fileName: string; contentType: string; chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array> };

/**
 * A multipart/form-data body produced while it is sent, for uploads a FormData cannot make:
 * large files never held whole, parts in a chosen order, or a client that goes away after
 * `failAfterBytes` (the body stream errors, as it does when a connection drops).
 */
export function streamedForm(parts: StreamedPart[], options: { failAfterBytes?: number } = {}) {
  const boundary = `----streamed${Math.random().toString(16).slice(2)}`;
  const text = (s: string) => new TextEncoder().encode(s);
  async function* bytes() {
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"` + ("chunks" in part ? `; filename="${part.fileName}"` : "");
      yield text(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n` + ("chunks" in part ? `Content-Type: ${part.contentType}\r\n` : "") + "\r\n");
      if ("chunks" in part) yield* part.chunks;
      else yield text(part.value);
      yield text("\r\n");
    }
    yield text(`--${boundary}--\r\n`);
  }
  const source = bytes();
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) return controller.close();
      sent += next.value.byteLength;
      if (options.failAfterBytes !== undefined && sent > options.failAfterBytes) return controller.error(new Error("the client went away"));
      controller.enqueue(next.value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return { stream, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
