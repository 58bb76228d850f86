// `GET /api/models/:namespace/:name/card`: the model's README.md rendered to sanitized HTML, with its front matter.
import type { FastifyInstance } from "fastify";
import { createLruCache } from "../cache/lru-cache.js";
import { CARD_FILE, parseCardMetadata } from "../card/card-metadata.js";
import { MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import { renderCardMarkdown } from "../card/render-markdown.js";
import type { FileService } from "../files/file-service.js";
import { readLimited, utf8Text } from "../files/read-limited.js";
import { resolveUrl } from "../files/resolve-url.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expectNoQuery } from "../validation/no-query.js";

/** The JSON of the card route. */
export interface ModelCard {
  /** The card's markdown body as sanitized HTML, safe to insert into the page. */
  html: string;
  /** The YAML front matter as data (empty when the card has none). */
  frontMatter: Record<string, unknown>;
  /** sha256 of README.md: the version rendered. */
  sha256: string;
}

/** What the card route needs. */
export interface CardRouteDeps {
  /** Finds and reads README.md. */
  files: FileService;
  /** Origins card images may load from besides the hub (MODELHUB_CARD_IMAGE_HOSTS). */
  imageOrigins: readonly string[];
}

/** Rendered cards kept in memory, keyed by model and content: re-rendering only happens when README.md changes. */
const CARD_CACHE = { max: 500, ttlMs: 10 * 60 * 1000 } as const;

/** Registers the card route. */
export function registerCardRoute(app: FastifyInstance, deps: CardRouteDeps): void {
  const rendered = createLruCache<string, ModelCard>(CARD_CACHE);

  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/card", async (request, reply) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    const { file } = await deps.files.open(id, CARD_FILE);
    reply.header("cache-control", "no-cache");
    const key = `${id}\n${file.sha256}`;
    const cached = rendered.get(key);
    if (cached) return cached;
    const stream = await deps.files.read(id, file);
    const text = utf8Text(await readLimited(stream, MAX_METADATA_FILE_BYTES, CARD_FILE), CARD_FILE);
    const { frontMatter, body } = parseCardMetadata(text);
    const card: ModelCard = {
      html: renderCardMarkdown(body, { fileBaseUrl: resolveUrl(id, ""), imageOrigins: deps.imageOrigins }),
      frontMatter,
      sha256: file.sha256,
    };
    rendered.set(key, card);
    return card;
  });
}
