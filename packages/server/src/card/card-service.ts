// Model cards as the hub serves them: rendered in the worker when README.md is committed, stored, and read back from
// storage. A card missing from storage (rendered before an upgrade, or by a process without a worker such as a
// folder import) or rendered with other settings is rendered through the same worker on first request, never on
// the event loop.
import { createHash } from "node:crypto";
import { utf8Text } from "../files/read-limited.js";
import { resolveUrl } from "../files/resolve-url.js";
import type { RenderedCardStore, StoredCard } from "../store/rendered-card-store.js";
import { CARD_FILE } from "./card-metadata.js";
import { type CardRenderPool, tooLarge } from "./card-render-pool.js";
import type { CardRender } from "./render-card.js";
import type { RenderOptions } from "./render-markdown.js";

/** Bumped when the renderer's output changes, so stored cards are rendered again on their next request. */
export const CARD_RENDERER_VERSION = 1;

/** What the card service works with. */
export interface CardServiceDeps {
  /** Where rendered cards are kept. */
  cards: RenderedCardStore;
  /** The render worker. */
  pool: CardRenderPool;
  /** Origins card images may load from besides the hub. */
  imageOrigins: readonly string[];
  /** Largest card rendered, in bytes. */
  maxBytes: number;
  /** Clock of `renderedAt`. */
  now: () => Date;
}

/** The README.md of `main` that a card is wanted for. */
export interface CardSource {
  /** sha256 of its bytes. */
  sha256: string;
  /** Its size in bytes. */
  size: number;
  /** Reads its bytes (called only when the card must be rendered). */
  read: () => Promise<Buffer>;
}

/** Rendering and serving cards. */
export interface CardService {
  /** Model `modelId`'s card of `source` (its README.md on main): from storage, or rendered now and stored. */
  cardOf(modelId: string, source: CardSource): Promise<StoredCard>;
  /** The search words of README.md text `text` (card-words.ts), worked out in the render worker. */
  words(text: string): Promise<string>;
}

/** The render options of model `modelId`'s card: relative links point at its files on main. */
function renderOptions(modelId: string, imageOrigins: readonly string[]): RenderOptions {
  return { fileBaseUrl: resolveUrl(modelId, ""), imageOrigins };
}

/** Digest of everything besides README.md that a card's HTML depends on. */
export function renderKey(options: RenderOptions): string {
  const inputs = [CARD_RENDERER_VERSION, options.fileBaseUrl, [...(options.imageOrigins ?? [])].sort()];
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}

/** The card service over `deps`. */
export function createCardService(deps: CardServiceDeps): CardService {
  // Requests for a card being rendered wait for that rendering instead of starting another.
  const inFlight = new Map<string, Promise<StoredCard>>();

  async function render(source: CardSource, options: RenderOptions): Promise<CardRender> {
    if (source.size > deps.maxBytes) return tooLarge(`it is larger than ${deps.maxBytes} bytes`);
    let text: string;
    try {
      text = utf8Text(await source.read(), CARD_FILE);
    } catch (error) {
      return { status: "invalid", message: (error as Error).message };
    }
    return deps.pool.render(text, options);
  }

  return {
    async cardOf(modelId, source) {
      const options = renderOptions(modelId, deps.imageOrigins);
      const key = renderKey(options);
      const stored = await deps.cards.get(modelId);
      if (stored && stored.sha256 === source.sha256 && stored.renderKey === key) return stored;
      const flight = `${modelId.toLowerCase()}\n${source.sha256}\n${key}`;
      const pending = inFlight.get(flight);
      if (pending) return pending;
      const rendering = (async () => {
        const result = await render(source, options);
        const card: StoredCard = {
          ...result,
          sha256: source.sha256,
          renderKey: key,
          renderedAt: deps.now().toISOString(),
        };
        // Not stored when README.md changed meanwhile: the newer commit renders its own card.
        await deps.cards.put(modelId, card);
        return card;
      })().finally(() => inFlight.delete(flight));
      inFlight.set(flight, rendering);
      return rendering;
    },

    words: (text) => deps.pool.words(text),
  };
}
