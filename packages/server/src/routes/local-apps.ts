// GET /api/models/:namespace/:name/local-apps?quant=… (the local apps with their commands, pointed at this hub) and
// GET /api/models/:namespace/:name/notebook.ipynb (a notebook that installs, loads and calls the model).
import { buildNotebook, getLocalApps, LocalAppsQuantError } from "@modelhub/snippets";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HubError } from "../errors.js";
import { hubOrigin } from "../protocol/hub-origin.js";
import type { Store } from "../store/store.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expectNoQuery } from "../validation/no-query.js";
import { parseQuery } from "../validation/parse-query.js";

/** What the local apps routes need. */
export interface LocalAppRouteDeps {
  /** Storage. */
  store: Store;
  /** MODELHUB_PUBLIC_URL when configured: the hub the commands download from; else the request's origin. */
  publicUrl?: string | null;
}

const localAppsQuery = z.strictObject({ quant: z.string().min(1).max(40).optional() });

/** Registers the local apps and notebook routes. */
export function registerLocalAppRoutes(app: FastifyInstance, deps: LocalAppRouteDeps): void {
  const modelOf = async (params: ModelIdParams) => {
    const id = modelIdFromParams(params);
    const model = await deps.store.getModel(id);
    if (!model) throw new HubError("not_found", `model "${id}" not found`);
    return model;
  };

  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/local-apps", async (request) => {
    const { quant } = parseQuery(localAppsQuery, request.query);
    const model = await modelOf(request.params);
    try {
      return getLocalApps(model, {
        hubUrl: hubOrigin(request, deps.publicUrl),
        ...(quant === undefined ? {} : { quant }),
      });
    } catch (error) {
      if (error instanceof LocalAppsQuantError)
        throw new HubError("bad_request", `parameter "quant": ${error.message}`);
      throw error;
    }
  });

  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/notebook.ipynb", async (request, reply) => {
    expectNoQuery(request.query);
    const model = await modelOf(request.params);
    const notebook = buildNotebook(model, { hubUrl: hubOrigin(request, deps.publicUrl) });
    const file = `${
      model.id
        .split("/")
        .pop()
        ?.replace(/[^A-Za-z0-9._-]/g, "_") ?? "model"
    }.ipynb`;
    return reply
      .type("application/x-ipynb+json")
      .header("content-disposition", `attachment; filename="${file}"`)
      .send(`${JSON.stringify(notebook, null, 1)}\n`);
  });
}
