// Where absolute links point: the configured public URL, else the address the hub listens on. Never the client's
// `Host` header, which anyone can set (a crafted `Host` would otherwise put its own origin into the `Link` header).
import type { FastifyInstance } from "fastify";

/** The hub's origin for absolute links, or null when it cannot be known (listening on every interface, not set). */
export type PublicOrigin = () => string | null;

const WILDCARDS = new Set(["0.0.0.0", "::", "::0", "0:0:0:0:0:0:0:0"]);

/** The origin of a listening address; null for a wildcard address, which names no reachable host. */
export function listenOrigin(address: { address: string; family: string; port: number }): string | null {
  if (WILDCARDS.has(address.address)) return null;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** `configured` when set, else the first listening address of `app` (known once it listens). */
export function publicOrigin(app: FastifyInstance, configured: string | null | undefined): PublicOrigin {
  if (configured) return () => configured;
  let found: string | null = null;
  return () => {
    if (found !== null) return found;
    const [first] = app.server.listening ? app.addresses() : [];
    found = first && typeof first === "object" ? listenOrigin(first) : null;
    return found;
  };
}
