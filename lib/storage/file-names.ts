import path from "node:path";

/**
 * A display name is kept as the user typed it; the name used inside a storage key is
 * reduced to a safe alphabet so that no path trick (`../`, slashes, NUL) reaches storage.
 * Accents are dropped rather than replaced ("café" → "cafe"), no result starts with a dot
 * (no hidden files), and a name made only of other scripts keeps its extension ("file.pdf").
 */
export function safeFileName(name: string): string {
  const base = path.posix.basename(name.replaceAll("\\", "/"));
  const cleaned = base
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+(?=\.)/g, "")
    .slice(-100);
  const trimmed = cleaned.replace(/^[.-]+/, "");
  if (!trimmed) return "file";
  const onlyExtension = /^[.-]*\.[A-Za-z0-9]{1,10}$/.test(cleaned) && !trimmed.includes(".");
  return onlyExtension ? `file.${trimmed}` : trimmed;
}

/** Display names: trimmed, no control characters, at most 200 characters. */
export function displayName(name: string): string {
  return name
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
}

export const fileUrl = (origin: string, key: string) => `${origin}/files/${key}`;
