// `GET /api/models/:namespace/:name/card`: the model's README.md rendered to sanitized HTML, with its front matter.
// Served from storage: cards are rendered in the render worker when README.md is committed (card/card-service.ts).
import type { FastifyInstance } from "fastify";
import { CARD_FILE } from "../card/card-metadata.js";
import type { CardService } from "../card/card-service.js";
import { HubError } from "../errors.js";
import type { FileService } from "../files/file-service.js";
import type { HubModel } from "../models/hub-model.js";
import { type ModelIdParams, modelIdFromParams } from "../validation/model-id-params.js";
import { expectNoQuery } from "../validation/no-query.js";

/** The JSON of the card route. */
export interface ModelCard {
  /** The card's markdown body as sanitized HTML, safe to insert into the page (a short notice when not rendered). */
  html: string;
  /** The YAML front matter as data (empty when the card has none, or was not rendered). */
  frontMatter: Record<string, unknown>;
  /** sha256 of README.md: the version rendered. */
  sha256: string;
  /** False when the card is too large to render within the hub's limits (`html` then says so). */
  rendered: boolean;
}

/** What the card route needs. */
export interface CardRouteDeps {
  /** Finds and reads README.md. */
  files: FileService;
  /** The stored cards, and the worker for those not stored yet. */
  cards: CardService;
  /** The model record (its id as stored: relative links use it). */
  getModel: (id: string) => Promise<HubModel | null>;
}

const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Registers the card route. */
export function registerCardRoute(app: FastifyInstance, deps: CardRouteDeps): void {
  app.get<{ Params: ModelIdParams }>("/api/models/:namespace/:name/card", async (request, reply) => {
    const id = modelIdFromParams(request.params);
    expectNoQuery(request.query);
    const { file } = await deps.files.open(id, CARD_FILE);
    const modelId = (await deps.getModel(id))?.id ?? id;
    const card = await deps.cards.cardOf(modelId, {
      sha256: file.sha256,
      size: file.size,
      read: async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of await deps.files.read(id, file)) chunks.push(Buffer.from(chunk));
        return Buffer.concat(chunks);
      },
    });
    // A README.md whose front matter is not YAML was refused at upload; one pushed with git answers as it did then.
    if (card.status === "invalid") throw new HubError("bad_request", card.message);
    reply.header("cache-control", "no-cache");
    const body: ModelCard =
      card.status === "rendered"
        ? { html: card.html, frontMatter: card.frontMatter, sha256: card.sha256, rendered: true }
        : { html: `<p>${escapeText(card.message)}.</p>\n`, frontMatter: {}, sha256: card.sha256, rendered: false };
    return body;
  });
}
