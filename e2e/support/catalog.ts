/** What the journey needs from the demo catalog: a conversational transformers model served by a provider. */
export interface ChatModel {
  /** `namespace/name`. */
  id: string;
  /** A provider of its mapping other than the hub's own. */
  provider: string;
}

interface Summary {
  id: string;
}

interface Detail {
  id: string;
  inferenceProviderMapping?: Record<string, { task?: string; status?: string }>;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Picks the journey's model from the catalog through the API, so the test follows the catalog
 * instead of hard-coding one of its ids.
 */
export async function findChatModel(hubUrl: string): Promise<ChatModel> {
  const list = await getJson<Summary[]>(
    `${hubUrl}/api/models?library=transformers&pipeline_tag=text-generation&filter=conversational&limit=100`,
  );
  for (const { id } of list) {
    const detail = await getJson<Detail>(`${hubUrl}/api/models/${id}`);
    const provider = Object.entries(detail.inferenceProviderMapping ?? {}).find(
      ([name, entry]) => name !== "hf-inference" && entry.status !== "staging",
    )?.[0];
    if (provider) return { id, provider };
  }
  throw new Error("The demo catalog has no conversational transformers model with a live provider");
}
