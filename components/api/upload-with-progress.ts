import { ApiError, toApiError } from "./api-fetch";

export type UploadProgress = { loaded: number; total: number; fraction: number };

/**
 * Sends a multipart form with XMLHttpRequest so that the upload progress is real
 * (`fetch` cannot report it). Resolves with the parsed JSON body, rejects with an ApiError
 * exactly like `apiFetch`.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  form: FormData,
  options: { method?: "POST" | "PUT"; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.({ loaded: e.loaded, total: e.total, fraction: e.total ? e.loaded / e.total : 0 });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
      } else reject(toApiError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", "The upload was interrupted"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
