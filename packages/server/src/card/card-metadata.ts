// The model card's front matter as the hub reads it: the YAML parsed safely, then the fields the record uses.
import { parseDocument } from "yaml";
import { z } from "zod";
import { describeZodError, issuePath } from "../validation/describe-zod-error.js";
import { widgetExampleSchema } from "../validation/model-record.js";
import { splitFrontMatter } from "./front-matter.js";
import { ModelFileError } from "./model-file-error.js";

/** The model card's file name. */
export const CARD_FILE = "README.md";

// Aliases expand; a few hundred bound the work a hostile "billion laughs" document can cause.
const MAX_ALIASES = 100;

const name = z.string().trim().min(1).max(200);
// Cards write a single value as a plain string; a list is the general form.
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (typeof value === "string" ? [value] : value), z.array(item).max(max));

/** The front matter fields that feed the record (the rest is kept as-is in `frontMatter`). */
const cardFieldsSchema = z.looseObject({
  library_name: name.optional(),
  pipeline_tag: name.optional(),
  tags: listOf(z.string().trim().min(1).max(500), 2_000).optional(),
  license: name.optional(),
  base_model: listOf(name, 100).optional(),
  datasets: listOf(name, 100).optional(),
  widget: z.array(widgetExampleSchema).max(100).optional(),
});

/** The fields of a model card that feed the model record. */
export interface CardMetadata {
  /** The whole front matter as plain data (empty when the card has none). */
  frontMatter: Record<string, unknown>;
  /** `library_name`, when given. */
  library_name?: string;
  /** `pipeline_tag`, when given. */
  pipeline_tag?: string;
  /** `tags`, then `license:…`, `base_model:…` and `dataset:…` tags, as the field does for filtering. */
  tags: string[];
  /** `widget`, when given. */
  widgetData?: z.infer<typeof widgetExampleSchema>[];
  /** The markdown after the front matter. */
  body: string;
}

function parseYaml(yaml: string, lineOffset: number): Record<string, unknown> {
  const document = parseDocument(yaml, { prettyErrors: true, uniqueKeys: true, schema: "core" });
  const error = document.errors[0];
  if (error) {
    // The parser counts lines from the fence; the author reads them in README.md.
    const position = error.linePos?.[0];
    const where = position ? ` on line ${position.line + lineOffset}, column ${position.col}` : "";
    const problem = error.message.split(" at line ")[0]?.split("\n")[0] ?? "invalid YAML";
    throw new ModelFileError(CARD_FILE, null, `front matter is not valid YAML${where}: ${problem}`);
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (cause) {
    throw new ModelFileError(CARD_FILE, null, `front matter is not usable YAML: ${(cause as Error).message}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new ModelFileError(CARD_FILE, null, "front matter must be a YAML mapping of fields");
  }
  return data as Record<string, unknown>;
}

/** Reads the record fields from a model card; a bad card throws a ModelFileError naming README.md and the field. */
export function parseCardMetadata(text: string): CardMetadata {
  const parts = splitFrontMatter(text, CARD_FILE);
  const frontMatter = parts.yaml === null ? {} : parseYaml(parts.yaml, parts.yamlLineOffset);
  const result = cardFieldsSchema.safeParse(frontMatter);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue ? issuePath(issue.path) : null;
    const message = describeZodError(result.error, "field").replace(/^field "[^"]*": /, "");
    throw new ModelFileError(CARD_FILE, field || null, message);
  }
  const fields = result.data;
  const tags = [
    ...(fields.tags ?? []),
    ...(fields.license ? [`license:${fields.license}`] : []),
    ...(fields.base_model ?? []).map((model) => `base_model:${model}`),
    ...(fields.datasets ?? []).map((dataset) => `dataset:${dataset}`),
  ];
  return {
    frontMatter,
    ...(fields.library_name ? { library_name: fields.library_name } : {}),
    ...(fields.pipeline_tag ? { pipeline_tag: fields.pipeline_tag } : {}),
    tags: [...new Set(tags)],
    ...(fields.widget ? { widgetData: fields.widget } : {}),
    body: parts.body,
  };
}
