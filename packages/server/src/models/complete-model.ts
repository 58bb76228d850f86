import { HubError } from "../errors.js";
import { namespaceOf } from "../validation/model-id.js";
import type { ModelRecordInput } from "../validation/model-record.js";
import type { HubModel } from "./hub-model.js";

/** What the hub fills in: the time of the write, and the creation date of the record being replaced. */
export interface CompletionContext {
  /** The time of the write. */
  now: Date;
  /** The creation date of the record a replace overwrites, kept when the new record gives none. */
  previousCreatedAt?: string;
}

const CANONICAL_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// One canonical spelling of dates keeps text order equal to time order in both dialects. Most records already use
// it (imports run this per line), so parsing is skipped for them.
function canonicalDate(iso: string): string {
  return CANONICAL_DATE.test(iso) ? iso : new Date(iso).toISOString();
}

// A record's few tags are compared pairwise (0.18 µs a record of the synthetic catalog, a set 0.48); a long list goes by set.
const PAIRWISE_UP_TO = 32;

function repeats(tags: readonly string[]): boolean {
  if (tags.length > PAIRWISE_UP_TO) return new Set(tags).size !== tags.length;
  for (let i = 1; i < tags.length; i++) {
    for (let j = 0; j < i; j++) if (tags[i] === tags[j]) return true;
  }
  return false;
}

function uniqueTags(tags: string[] | undefined): string[] {
  if (!tags) return [];
  return repeats(tags) ? [...new Set(tags)] : tags;
}

/** A validated record with the hub's defaults filled in; refuses an author other than the id's namespace. */
export function completeModel(input: ModelRecordInput, context: CompletionContext): HubModel {
  const namespace = namespaceOf(input.id);
  if (input.author !== undefined && input.author !== namespace) {
    throw new HubError("bad_request", `field "author": must be the id's namespace "${namespace}"`);
  }
  // Most records carry both dates: the time of the write is spelled out only for those that do not.
  const createdAt = input.createdAt ?? context.previousCreatedAt ?? context.now.toISOString();
  // A copy, then the completed fields assigned to it (in the order a literal would give them): one object literal
  // spreading the record and overriding fields took 2.2-2.6 µs a record of the synthetic catalog, this 0.5-0.6 (an
  // import completes ten million).
  return Object.assign(
    { ...input },
    {
      author: namespace,
      tags: uniqueTags(input.tags),
      downloads: input.downloads ?? 0,
      likes: input.likes ?? 0,
      createdAt: canonicalDate(createdAt),
      lastModified: canonicalDate(input.lastModified ?? context.now.toISOString()),
    },
  );
}
