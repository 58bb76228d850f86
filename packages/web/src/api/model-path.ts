/** The model page path of a model id: `/namespace/name`, each segment URL-encoded. */
export function modelPath(id: string): string {
  return `/${id.split("/").map(encodeURIComponent).join("/")}`;
}

/** The API path of a model: `/api/models/namespace/name`. */
export function apiModelPath(id: string): string {
  return `/api/models${modelPath(id)}`;
}
