// Which unknown paths are pages of the single-page app (answered with index.html) rather than missing files.

const ASSET_EXTENSION = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|webmanifest|json|wasm)$/i;

/** True when `path` (no query) under the web root should get the app's index.html. */
export function isPageRoute(path: string, accept: string | undefined): boolean {
  if (path === "/api" || path.startsWith("/api/")) return false;
  if (accept?.includes("text/html")) return true;
  if (path === "/" || path === "/models" || path === "/models/") return true;
  // `/:namespace/:name`, but not a missing build file such as /assets/index-abc.js.
  const parts = path.split("/").filter(Boolean);
  return parts.length === 2 && parts[0] !== "assets" && !ASSET_EXTENSION.test(parts[1] ?? "");
}
