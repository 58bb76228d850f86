// The trigrams of a search term as the FTS5 trigram tokenizer reads an id (folded to lower case, by code point), and
// the MATCH of them: every id holding the term holds each of its trigrams, so the match is a superset of the ids that
// hold it, made exact by idContains. The trigrams' posting lists (postings-index.ts, trigram-chunks.ts) read ids the
// same way, so a term's lists crossed are the same superset.

// The trigrams of `term` in order, repeats included.
function trigrams(term: string): string[] {
  const chars = Array.from(term.toLowerCase());
  const out: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(""));
  return out;
}

/** Every trigram of `term`, each once: the fewest candidates, for a candidate set read whole. */
export function distinctTrigrams(term: string): string[] {
  return [...new Set(trigrams(term))];
}

/**
 * Trigrams of `term` that cover each of its characters: every third one and the last (4 of the 8 of "distilbert");
 * a term that repeats itself ("ilirili") gets others, in order, until as many differ. Their candidates are a superset
 * of all the trigrams' at about half the lists to intersect, where a search read in order spends its time (it reads
 * candidates only until its page is full). The read's CPU over the scale bench's 300 terms, all trigrams against
 * these: at a million models p95 2.0 -> 1.3 ms, slowest 10.2 -> 6.0 ms; at ten million p95 3.9 -> 3.7 ms, p99 8.4
 * -> 6.3 ms, slowest 20.2 -> 8.8 ms; the same pages.
 */
export function coveringTrigrams(term: string): string[] {
  const all = trigrams(term);
  const placed = all.filter((_, i) => i % 3 === 0 || i === all.length - 1);
  const picked = new Set(placed);
  for (const t of all) {
    if (picked.size >= placed.length) break;
    picked.add(t);
  }
  return [...picked];
}

/** An FTS5 query for rows holding every one of `trigrams`, each quoted so none is read as an operator; null: none. */
export function everyTrigramMatch(trigrams: readonly string[]): string | null {
  if (trigrams.length === 0) return null;
  return trigrams.map((t) => `"${t.replaceAll('"', '""')}"`).join(" AND ");
}
