// The admin token guarding writes: from MODELHUB_ADMIN_TOKEN, or generated once and kept in the data directory.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The file, inside the data directory, that keeps a generated token. */
export const ADMIN_TOKEN_FILE = "admin-token";

/** The token in force, and the file it was just written to when this call generated it. */
export interface AdminToken {
  /** The bearer token writes must present. */
  token: string;
  /** Set only when the token was generated now: the caller prints it once with this path. */
  generatedFile: string | null;
}

/** The admin token: `configured` when given, else the one stored in `dataDir`, generating it on first use. */
export function resolveAdminToken(configured: string | undefined, dataDir: string): AdminToken {
  if (configured) return { token: configured, generatedFile: null };
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return { token: stored, generatedFile: null };
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString("base64url");
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generatedFile: file };
}
