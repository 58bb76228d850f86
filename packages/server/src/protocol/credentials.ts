// The token a git or LFS client presents: `Authorization: Bearer <token>`, or HTTP Basic with the token as the
// password (`https://user:hf_xxx@host/ns/name`, the field's convention; the user name is not checked).

/** The presented token, or null when the request carries none (or a malformed header). */
export function presentedToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const password = colon === -1 ? "" : decoded.slice(colon + 1);
  return password.length > 0 ? password : null;
}
