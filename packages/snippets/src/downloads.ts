// The countDownloads query language (spec §3): which file fetches count as a download of a model.
//   query := or;  or := and ("OR" and)*;  and := atom ("AND" atom)*;  atom := term | "(" or ")"
//   term  := field ":" '"' value '"'     field := path | path_prefix | path_extension | path_filename | _exists_

/** The fields a term can test. */
export const DOWNLOAD_FIELDS = ["path", "path_prefix", "path_extension", "path_filename", "_exists_"] as const;

/** A field a term can test. */
export type DownloadField = (typeof DOWNLOAD_FIELDS)[number];

/** A parsed query: a term, or terms joined by AND / OR. */
export type DownloadQuery =
  | { kind: "term"; field: DownloadField; value: string }
  | { kind: "and" | "or"; terms: DownloadQuery[] };

/** Files counted when a library defines no query of its own. */
export const DEFAULT_DOWNLOAD_FILES = [
  "config.json",
  "config.yaml",
  "hyperparams.yaml",
  "params.json",
  "meta.yaml",
] as const;

/** A malformed query; `position` is the 0-based offset where reading failed. */
export class DownloadQueryError extends Error {
  /** 0-based offset in the query text. */
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} at position ${position}`);
    this.name = "DownloadQueryError";
    this.position = position;
  }
}

type Token = { type: "(" | ")" | "AND" | "OR" | "term"; at: number; field?: DownloadField; value?: string };

function isField(name: string): name is DownloadField {
  return (DOWNLOAD_FIELDS as readonly string[]).includes(name);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "(" || ch === ")") {
      tokens.push({ type: ch, at: i++ });
    } else {
      const word = /^[A-Za-z_]+/.exec(text.slice(i))?.[0];
      if (!word) throw new DownloadQueryError(`Unexpected character ${JSON.stringify(ch)}`, i);
      const at = i;
      i += word.length;
      if (word === "AND" || word === "OR") {
        tokens.push({ type: word, at });
        continue;
      }
      if (!isField(word)) throw new DownloadQueryError(`Unknown field "${word}"`, at);
      if (text[i] !== ":") throw new DownloadQueryError(`Expected ":" after ${word}`, i);
      if (text[i + 1] !== '"') throw new DownloadQueryError("Expected a quoted value", i + 1);
      let value = "";
      let j = i + 2;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && j + 1 < text.length) j++;
        value += text[j];
      }
      if (j >= text.length) throw new DownloadQueryError("Unterminated value", i + 1);
      tokens.push({ type: "term", at, field: word, value });
      i = j + 1;
    }
  }
  return tokens;
}

/** Parses a countDownloads query; throws DownloadQueryError naming the position of the first fault. */
export function parseDownloadQuery(text: string): DownloadQuery {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const where = (): number => peek()?.at ?? text.length;

  function parseList(op: "OR" | "AND", next: () => DownloadQuery): DownloadQuery {
    const terms = [next()];
    while (peek()?.type === op) {
      pos++;
      terms.push(next());
    }
    return terms.length === 1 ? (terms[0] as DownloadQuery) : { kind: op === "OR" ? "or" : "and", terms };
  }
  function parseOr(): DownloadQuery {
    return parseList("OR", parseAnd);
  }
  function parseAnd(): DownloadQuery {
    return parseList("AND", parseAtom);
  }
  function parseAtom(): DownloadQuery {
    const token = peek();
    if (token?.type === "term") {
      pos++;
      return { kind: "term", field: token.field as DownloadField, value: token.value as string };
    }
    if (token?.type === "(") {
      pos++;
      const inner = parseOr();
      if (peek()?.type !== ")") throw new DownloadQueryError('Expected ")"', where());
      pos++;
      return inner;
    }
    throw new DownloadQueryError(token ? `Unexpected ${token.type}` : "Unexpected end of query", where());
  }

  const query = parseOr();
  if (pos < tokens.length) throw new DownloadQueryError(`Unexpected ${peek()?.type}`, where());
  return query;
}

/** The parts of a repository path the query fields test. */
function pathParts(path: string): { prefix: string; filename: string; extension: string } {
  const slash = path.lastIndexOf("/");
  const base = path.slice(slash + 1);
  const dot = base.lastIndexOf(".");
  return {
    prefix: path.slice(0, slash + 1),
    filename: dot > 0 ? base.slice(0, dot) : base,
    extension: dot > 0 ? base.slice(dot + 1) : "",
  };
}

/** True when the file at `path` (relative to the repository root) matches the query. */
export function matchesDownloadQuery(query: DownloadQuery, path: string): boolean {
  switch (query.kind) {
    case "and":
      return query.terms.every((t) => matchesDownloadQuery(t, path));
    case "or":
      return query.terms.some((t) => matchesDownloadQuery(t, path));
    case "term": {
      const parts = pathParts(path);
      switch (query.field) {
        case "path":
          return path === query.value;
        case "path_prefix":
          return path.startsWith(query.value);
        case "path_extension":
          return parts.extension === query.value;
        case "path_filename":
          return parts.filename === query.value;
        case "_exists_":
          // The only field that can be absent is the folder prefix (a file at the root has none).
          return query.value === "path_prefix"
            ? parts.prefix !== ""
            : query.value === "path_extension"
              ? parts.extension !== ""
              : true;
      }
    }
  }
}

/** A matcher for a library's countDownloads query, or for the default file list when it has none. */
export function compileDownloadQuery(countDownloads: string | null | undefined): (path: string) => boolean {
  if (!countDownloads) return (path) => (DEFAULT_DOWNLOAD_FILES as readonly string[]).includes(path);
  const query = parseDownloadQuery(countDownloads);
  return (path) => matchesDownloadQuery(query, path);
}
