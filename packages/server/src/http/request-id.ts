// Every response names its request (`X-Request-Id`, the id the hub's log lines carry), so a visitor who reports a
// failed page gives the operator a line to look up.
import type { FastifyInstance } from "fastify";

/** Sends the request's id on every response. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
}
