// GET /api/providers: the inference providers the snippets can target.
import { INFERENCE_PROVIDERS } from "@modelhub/snippets";
import type { FastifyInstance } from "fastify";
import { expectNoQuery } from "../validation/no-query.js";

/** A provider as the API shows it. */
export interface ProviderInfo {
  /** Provider name, the value of `?provider=` and of `inferenceProviderMapping` keys. */
  id: string;
  /** `service` (a provider) or `policy` (picks one, e.g. auto). */
  kind: "service" | "policy";
  /** Display name. */
  label: string;
  /** What a service serves (empty for a policy). */
  tasks: string[];
  /** Whether the hub's router reaches it (false: callers use the provider's own key). */
  routed: boolean;
}

/** Every provider, in table order. */
export function providerInfos(): ProviderInfo[] {
  return Object.entries(INFERENCE_PROVIDERS).map(([id, entry]) =>
    entry.kind === "policy"
      ? { id, kind: "policy", label: entry.label, tasks: [], routed: true }
      : { id, kind: "service", label: entry.label, tasks: [...entry.tasks], routed: entry.routedPath !== null },
  );
}

/** Registers `/api/providers`; the list is built once. */
export function registerProviderRoute(app: FastifyInstance): void {
  const providers = providerInfos();
  app.get("/api/providers", async (request) => {
    expectNoQuery(request.query);
    return providers;
  });
}
