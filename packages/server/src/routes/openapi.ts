import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../openapi/openapi-document.js";
import { expectNoQuery } from "../validation/no-query.js";
import { serverVersion } from "../version.js";

/** Registers `/api/openapi.json`; the document is built once. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  const body = JSON.stringify(openApiDocument(serverVersion()));
  app.get("/api/openapi.json", async (request, reply) => {
    expectNoQuery(request.query);
    return reply.type("application/json; charset=utf-8").send(body);
  });
}
