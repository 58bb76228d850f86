// The head of a CGI response (`git http-backend` writes one): header lines up to a blank line, `Status:` giving the
// HTTP status. Pure, so every shape is tested without spawning git.

/** A parsed CGI head: the HTTP status, the headers to pass on, and where the body starts in the buffer. */
export interface CgiHead {
  /** HTTP status (`Status:` header, 200 when absent). */
  status: number;
  /** Response headers, lower-cased names; `Status` removed. */
  headers: Record<string, string>;
  /** Offset of the first body byte in the buffer that was parsed. */
  bodyStart: number;
}

/** The longest head accepted; git's are a few hundred bytes. */
export const MAX_CGI_HEAD_BYTES = 16 * 1024;

// Hop-by-hop and framing headers are the HTTP server's business, never the script's.
const DROPPED = new Set(["connection", "transfer-encoding", "keep-alive", "content-length", "status"]);

function headEnd(buffer: Buffer): { end: number; bodyStart: number } | null {
  const crlf = buffer.indexOf("\r\n\r\n");
  const lf = buffer.indexOf("\n\n");
  if (crlf === -1 && lf === -1) return null;
  if (lf !== -1 && (crlf === -1 || lf < crlf)) return { end: lf, bodyStart: lf + 2 };
  return { end: crlf, bodyStart: crlf + 4 };
}

/**
 * Parses the head at the start of `buffer`; null while the blank line has not arrived yet. Throws when the head is
 * malformed or longer than MAX_CGI_HEAD_BYTES (a script bug, never client input).
 */
export function parseCgiHead(buffer: Buffer): CgiHead | null {
  const found = headEnd(buffer);
  if (!found) {
    if (buffer.length > MAX_CGI_HEAD_BYTES) throw new Error("CGI response head is too long");
    return null;
  }
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of buffer.subarray(0, found.end).toString("latin1").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`malformed CGI header line "${line.slice(0, 80)}"`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "status") {
      const code = Number(value.split(" ")[0]);
      if (!Number.isInteger(code) || code < 100 || code > 599) throw new Error(`bad CGI status "${value}"`);
      status = code;
    }
    if (!DROPPED.has(name)) headers[name] = value;
  }
  return { status, headers, bodyStart: found.bodyStart };
}
