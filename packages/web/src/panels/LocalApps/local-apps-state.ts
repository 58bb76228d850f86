// The local apps section's choices in the query string: quant, app, memory size.

/** Memory sizes (GB) the picker offers, as the hub's engine rates quants against them. */
export const MEMORY_CHOICES = [8, 16, 24, 48, 80] as const;

/** The memory size shown before the visitor picks one. */
export const DEFAULT_MEMORY_GB = 16;

/** What the visitor chose, read from the URL; null means "the default". */
export interface LocalAppsState {
  /** Quant label. */
  quant: string | null;
  /** App key. */
  app: string | null;
  /** Memory size in GB. */
  memory: number;
}

/** The section's state held by a query string. */
export function readLocalAppsState(params: URLSearchParams): LocalAppsState {
  const memory = Number(params.get("memory"));
  return {
    quant: params.get("quant") || null,
    app: params.get("app") || null,
    memory: (MEMORY_CHOICES as readonly number[]).includes(memory) ? memory : DEFAULT_MEMORY_GB,
  };
}
