// The model card's part of indexing a commit: its search words (written with the index) and its rendered card
// (stored right after), both worked out in the card render worker when the hub has one, so a huge or hostile
// README.md never holds the event loop. Without a worker (a folder import, the start-up repair) the words are
// worked out here and the card renders on its first request.
import { CARD_FILE } from "../card/card-metadata.js";
import { cardWords } from "../card/card-words.js";
import { MAX_METADATA_FILE_BYTES } from "../card/metadata-files.js";
import type { RepoFile } from "../files/repo-file.js";
import type { RepoSnapshot } from "./model-repos.js";
import type { RepoIndexDeps } from "./repo-index.js";

/** The bytes of a file of `snapshot`, from git or (an LFS file) the blob store. */
async function fileBytes(deps: RepoIndexDeps, id: string, entry: RepoSnapshot["files"][number]): Promise<Buffer> {
  if (!entry.lfs) return deps.repos.readBlob(id, entry.oid);
  const stream = await deps.blobs?.read(entry.lfs.sha256);
  if (!stream) throw new Error(`LFS object ${entry.lfs.sha256} of "${id}/${entry.path}" is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

// README.md of `snapshot` when it is new or changed since `previous`; null otherwise.
function changedReadme(snapshot: RepoSnapshot, previous: readonly RepoFile[]) {
  const entry = snapshot.byPath.get(CARD_FILE);
  if (!entry || previous.some((f) => f.path === CARD_FILE && f.oid === entry.oid)) return null;
  return entry;
}

/** The searchable words of the README of `snapshot` when it changed (null: it is gone); undefined when unchanged. */
export async function changedCardWords(
  deps: RepoIndexDeps,
  id: string,
  snapshot: RepoSnapshot,
  previous: readonly RepoFile[],
): Promise<string | null | undefined> {
  const entry = changedReadme(snapshot, previous);
  if (!entry) return snapshot.byPath.has(CARD_FILE) || !previous.some((f) => f.path === CARD_FILE) ? undefined : null;
  // A README stored through LFS or larger than a card may be is not read (the record ignores it too): no words.
  if (entry.lfs || entry.size > MAX_METADATA_FILE_BYTES) return "";
  const text = (await deps.repos.readBlob(id, entry.oid)).toString("utf8");
  return deps.cards ? deps.cards.words(text) : cardWords(text);
}

/** Renders and stores the card of model `id` when README.md changed in `snapshot` (in the render worker). */
export async function renderChangedCard(
  deps: RepoIndexDeps,
  id: string,
  snapshot: RepoSnapshot,
  files: readonly RepoFile[],
  previous: readonly RepoFile[],
): Promise<void> {
  const entry = changedReadme(snapshot, previous);
  const file = files.find((f) => f.path === CARD_FILE);
  if (!deps.cards || !entry || !file) return;
  try {
    await deps.cards.cardOf(id, { sha256: file.sha256, size: entry.size, read: () => fileBytes(deps, id, entry) });
  } catch (error) {
    deps.onCardProblem?.(id, error);
  }
}
