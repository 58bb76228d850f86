// Which unknown paths are pages of the single-page app (answered with index.html) rather than missing files, and
// which of those pages exist (HTTP 200) or are the app's not-found page (HTTP 404).

const ASSET_EXTENSION = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|webmanifest|json|wasm)$/i;

/** The app's fixed pages (paths without a model id); a page added to the web app's router is added here. */
export const APP_PAGES: readonly string[] = ["/", "/models", "/login", "/setup", "/settings/tokens"];

/** True when `path` (no query) under the web root should get the app's index.html. */
export function isPageRoute(path: string, accept: string | undefined): boolean {
  if (path === "/api" || path.startsWith("/api/")) return false;
  if (accept?.includes("text/html")) return true;
  if (path === "/" || path === "/models" || path === "/models/") return true;
  // `/:namespace/:name`, but not a missing build file such as /assets/index-abc.js.
  const parts = path.split("/").filter(Boolean);
  return parts.length === 2 && parts[0] !== "assets" && !ASSET_EXTENSION.test(parts[1] ?? "");
}

/** What a page path shows: a fixed page, a model's page (by id), or nothing (the app's not-found page). */
export type PageTarget = { kind: "page" } | { kind: "model"; id: string } | { kind: "none" };

/** The target of a page path (raw, still URL-encoded, no query), decoded the way the web app decodes it. */
export function pageTarget(path: string): PageTarget {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (APP_PAGES.includes(trimmed)) return { kind: "page" };
  const segments = trimmed.split("/").slice(1);
  if (segments.length !== 2 || segments.some((segment) => segment === "")) return { kind: "none" };
  try {
    return { kind: "model", id: segments.map(decodeURIComponent).join("/") };
  } catch {
    return { kind: "none" };
  }
}
