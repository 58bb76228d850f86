// The Content-Type a repository file is served with. Files are uploaded by anyone with the token and served from
// the hub's own origin, so nothing a browser would run (HTML, SVG, JavaScript) gets a type that lets it run.

/** Types by extension: only images (for model cards) and plain text are shown in the browser. */
export const SERVED_TYPES = {
  png: { type: "image/png", inline: true },
  jpg: { type: "image/jpeg", inline: true },
  jpeg: { type: "image/jpeg", inline: true },
  gif: { type: "image/gif", inline: true },
  webp: { type: "image/webp", inline: true },
  avif: { type: "image/avif", inline: true },
  json: { type: "application/json; charset=utf-8", inline: true },
  md: { type: "text/plain; charset=utf-8", inline: true },
  txt: { type: "text/plain; charset=utf-8", inline: true },
  yaml: { type: "text/plain; charset=utf-8", inline: true },
  yml: { type: "text/plain; charset=utf-8", inline: true },
  py: { type: "text/plain; charset=utf-8", inline: true },
  cfg: { type: "text/plain; charset=utf-8", inline: true },
  csv: { type: "text/plain; charset=utf-8", inline: true },
} as const satisfies Record<string, { type: string; inline: boolean }>;

/** Everything else: bytes to save, never to render. */
export const DEFAULT_SERVED_TYPE = { type: "application/octet-stream", inline: false } as const;

/** How a file is served: its Content-Type, and whether the browser may show it (`inline`) or must save it. */
export function servedType(path: string): { type: string; inline: boolean } {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  return Object.hasOwn(SERVED_TYPES, extension)
    ? SERVED_TYPES[extension as keyof typeof SERVED_TYPES]
    : DEFAULT_SERVED_TYPE;
}

/** A `Content-Disposition` value naming the file: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function contentDisposition(path: string, inline: boolean): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
