// The hub's own URL as clients should use it: MODELHUB_PUBLIC_URL when configured, else the origin the request was
// sent to. A Host header is only taken when it is a plain host[:port]; it only shapes the answer to that same
// request (LFS action links, the panel's "point at this hub" line), never a log line or a shared cache entry.
import type { FastifyRequest } from "fastify";

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** True when `host` is a host name or IP literal with an optional port, nothing else. */
export function isPlainHost(host: string): boolean {
  return HOST.test(host);
}

/** `scheme://host[:port]` without a trailing slash. */
export function hubOrigin(request: FastifyRequest, publicUrl?: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const scheme = request.protocol === "https" ? "https" : "http";
  const host = request.headers.host;
  if (host && isPlainHost(host)) return `${scheme}://${host}`;
  const socket = request.raw.socket;
  const address = socket.localAddress?.includes(":") ? `[${socket.localAddress}]` : socket.localAddress;
  return `${scheme}://${address ?? "localhost"}:${socket.localPort ?? 80}`;
}
