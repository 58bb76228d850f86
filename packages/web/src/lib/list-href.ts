/** The model list's path filtered by one value, e.g. `/models?library=transformers`. */
export function listHref(param: "library" | "pipeline_tag" | "filter", value: string): string {
  return `/models?${new URLSearchParams({ [param]: value }).toString()}`;
}
