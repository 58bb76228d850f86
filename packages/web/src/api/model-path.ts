/** The model page path of a model id: `/namespace/name`, each segment URL-encoded. */
export function modelPath(id: string): string {
  return `/${id.split("/").map(encodeURIComponent).join("/")}`;
}

/** The API path of a model: `/api/models/namespace/name`. */
export function apiModelPath(id: string): string {
  return `/api/models${modelPath(id)}`;
}

/**
 * The model id of a raw (still encoded) page path `/namespace/name`, the inverse of `modelPath`,
 * or null when the path is not a model page or is badly encoded. Each segment is decoded exactly
 * once, so ids holding `%`, `?`, `#` or `=` survive the trip.
 */
export function modelIdFromPath(pathname: string): string | null {
  const segments = pathname.split("/").slice(1);
  if (segments.length !== 2 || segments.some((segment) => segment === "")) return null;
  try {
    return segments.map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
}
