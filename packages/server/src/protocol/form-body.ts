// `application/x-www-form-urlencoded` bodies (the Python client posts `paths-info` as a form): repeated keys become
// arrays. Fastify's body limit applies as to JSON.
import type { FastifyInstance } from "fastify";

/** Adds the form parser to `app`. */
export async function registerFormBody(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) {
      const existing = fields[key];
      fields[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    done(null, fields);
  });
}
