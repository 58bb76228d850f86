// A whole model card as the hub serves it: front matter parsed, body rendered and sanitized.
// Pure and synchronous, so it runs in the render worker (card-render-worker.ts), never on the server's event loop.
import { parseCardMetadata } from "./card-metadata.js";
import { ModelFileError } from "./model-file-error.js";
import { type RenderOptions, renderCardMarkdown } from "./render-markdown.js";

/** What rendering a card gave: the card, or why there is none to show. */
export type CardRender =
  | {
      /** Rendered: `html` is safe to insert into the page. */
      status: "rendered";
      /** The body as sanitized HTML. */
      html: string;
      /** The YAML front matter as data (empty when the card has none). */
      frontMatter: Record<string, unknown>;
    }
  | {
      /** `too_large`: over the size limit or the time budget; `invalid`: its front matter is not readable. */
      status: "too_large" | "invalid";
      /** Why, for the reader. */
      message: string;
    };

/** The card `source` (README.md's text) rendered; a bad front matter is an `invalid` result, not a throw. */
export function renderCard(source: string, options: RenderOptions): CardRender {
  let metadata: ReturnType<typeof parseCardMetadata>;
  try {
    metadata = parseCardMetadata(source);
  } catch (error) {
    if (error instanceof ModelFileError) return { status: "invalid", message: error.message };
    throw error;
  }
  return {
    status: "rendered",
    html: renderCardMarkdown(metadata.body, options),
    frontMatter: metadata.frontMatter,
  };
}
