// Security headers on every response, API and app alike: a strict Content-Security-Policy that the built web app
// passes (module scripts and stylesheets from its own origin, no inline script or style attribute in its markup),
// no framing, no MIME sniffing, no referrer to other origins. Card images load only from the hub itself or the
// hosts the operator allows (MODELHUB_CARD_IMAGE_HOSTS), so a card cannot make its readers' browsers call a tracker.
import type { FastifyInstance } from "fastify";

/** The Content-Security-Policy of the hub; `imageOrigins` are the extra origins card images may load from. */
export function contentSecurityPolicy(imageOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${["'self'", "data:", ...imageOrigins].join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response carries. */
export function securityHeaders(imageOrigins: readonly string[]): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(imageOrigins),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
  };
}

/** Adds the security headers to every response of `app` (errors and 404s included). */
export function registerSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[]): void {
  const headers = securityHeaders(imageOrigins);
  // A callback hook, not an async one: it runs on every request, and a promise per request is pure overhead here.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
