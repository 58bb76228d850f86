// Where a repository file is downloaded from.

/** The download URL path of `path` in model `modelId`: `/namespace/name/resolve/main/<path>`, segments encoded. */
export function resolveUrl(modelId: string, path: string): string {
  return `/${modelId}/resolve/main/${path.split("/").map(encodeURIComponent).join("/")}`;
}
