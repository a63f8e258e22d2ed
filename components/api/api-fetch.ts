/**
 * The one way the browser talks to /api. Every failure becomes an `ApiError` that carries the
 * HTTP status and the service's error body (`{ error: { code, message, details? } }`), so that
 * pages can say what went wrong (useErrorMessage), map `details` onto form fields, and react
 * to 401/403/404/409.
 *
 *   const people = await apiFetch<Person[]>("/api/people", { query: { archived: "true" } });
 *   await apiFetch("/api/people/" + id, { method: "PATCH", body: { first: "Ada" } });
 *   await apiFetch("/api/people/" + id + "/photo", { method: "PUT", body: formData }); // multipart
 *
 * The browser is authenticated by next-auth's session cookie, sent automatically (same origin).
 */

export type ApiErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, aborted, server down). */
  readonly status: number;
  /** The service's snake_case code (`validation_error`, `conflict`, …) or `network_error`. */
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /**
   * `details` as one message per top-level field (`roles.abc` → `roles`), the first one winning.
   * Handy for showing validation errors under the matching inputs.
   */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.details) {
      const key = d.path.split(".")[0] || "_";
      out[key] ??= d.message;
    }
    return out;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Whether a failed read may succeed if simply asked again: no answer at all, or a 503 saying the
 * service is busy (`overloaded`) or briefly without its database (`unavailable`), both sent with
 * Retry-After. Any other HTTP error will not fix itself.
 */
export function mayPassOnRetry(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  if (!status) return true;
  return status === 503 && isApiError(error) && (error.code === "overloaded" || error.code === "unavailable");
}

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; a FormData is sent as multipart. */
  body?: unknown;
  /** Appended as a query string; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function apiUrl(path: string, query?: ApiFetchOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * Turns a non-2xx response (status + raw text) into an ApiError. A body that is not the
 * service's error JSON (a proxy's page, an empty 503) keeps only its status: pages say what
 * it means in the reader's language (useErrorMessage).
 */
export function toApiError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } };
    if (body?.error?.message) return new ApiError(status, body.error.code ?? "error", body.error.message, body.error.details ?? []);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(status, status === 401 ? "unauthorized" : "error", `HTTP ${status}`);
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** apiFetch, with the answer's headers. */
async function apiRequest<T>(path: string, options: ApiFetchOptions): Promise<{ data: T; headers: Headers }> {
  const { method = "GET", body, query, signal, headers = {} } = options;
  const init: RequestInit = { method, signal, credentials: "same-origin", headers: { Accept: "application/json", ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), init);
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "No answer from the server");
  }
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** Rows per page of the long lists: one page up to this many, so most districts need one request. */
export const LIST_PAGE_ROWS = 10_000;

/**
 * A whole list the API pages (`limit`, then the `X-Next-Cursor` of each page): every page, in
 * order. `onPage` gets the rows so far after each page but the last, so that a page can show
 * the first thousands while the rest arrive.
 */
export async function apiFetchAll<T>(path: string, options: ApiFetchOptions & { onPage?: (rows: T[]) => void } = {}): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: T[]; headers: Headers } = await apiRequest<T[]>(path, {
      ...options,
      query: { ...options.query, limit: LIST_PAGE_ROWS, cursor: cursor ?? undefined },
    });
    rows.push(...page.data);
    cursor = page.headers.get("x-next-cursor");
    if (cursor) options.onPage?.([...rows]);
  } while (cursor);
  return rows;
}
