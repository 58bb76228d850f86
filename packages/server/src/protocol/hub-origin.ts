// The hub's own URL as clients should use it. MODELHUB_PUBLIC_URL wins when configured. Otherwise links the hub
// hands out (LFS action URLs) use the address the connection actually arrived at, never the Host header, which any
// client can set; only the panel's displayed "point at this hub" line may echo a plain Host, because that text goes
// back to the same requester and is never logged or shared between callers.
import type { FastifyRequest } from "fastify";

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);

/** True when `host` is a host name or IP literal with an optional port, nothing else. */
export function isPlainHost(host: string): boolean {
  return HOST.test(host);
}

function scheme(request: FastifyRequest): string {
  return request.protocol === "https" ? "https" : "http";
}

/** `scheme://local-address:port` of the connection `request` came on. */
function socketOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket;
  const address = socket.localAddress ?? "127.0.0.1";
  const host = address.startsWith("::ffff:") ? address.slice(7) : address.includes(":") ? `[${address}]` : address;
  return `${scheme(request)}://${host}:${socket.localPort ?? 80}`;
}

/** The base of links the hub gives out: the configured URL, else the address this connection reached. */
export function hubOrigin(request: FastifyRequest, publicUrl?: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  return socketOrigin(request);
}

/** The hub URL shown to the requester: the configured URL, else the Host they used (when plain), else the socket. */
export function displayedHubOrigin(request: FastifyRequest, publicUrl?: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const host = request.headers.host;
  return host && isPlainHost(host) ? `${scheme(request)}://${host}` : socketOrigin(request);
}
