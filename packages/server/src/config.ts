// Server settings from the environment and command-line flags (flags win). Pure: the caller passes `env`.
import { join, resolve } from "node:path";
import { DEFAULT_MAX_UPLOAD_MS } from "./blobs/orphan-sweep.js";
import { DEFAULT_CARD_RENDER_TIMEOUT_MS } from "./card/card-render-pool.js";
import { DEFAULT_MAX_UPLOAD_BYTES } from "./files/upload-limit.js";

/** Most simultaneous connections by default. */
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** Everything `startServer` needs to know, resolved. */
export interface ServerConfig {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Directory of the SQLite file and the generated admin token. */
  dataDir: string;
  /** SQLite file, used when `databaseUrl` is not set. */
  dbPath: string;
  /** PostgreSQL URL; when set the hub uses PostgreSQL. */
  databaseUrl: string | undefined;
  /** Admin token from the environment, if any (else one is generated and stored in `dataDir`). */
  adminToken: string | undefined;
  /** Log level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** One log line per request. */
  requestLogs: boolean;
  /** Load the demo catalog into an empty database. */
  demoCatalog: boolean;
  /** Largest uploaded model file, in bytes (`MODELHUB_MAX_UPLOAD_BYTES`; model files live in `dataDir/blobs`). */
  maxUploadBytes: number;
  /** The hub's address as its users reach it (`MODELHUB_PUBLIC_URL`, e.g. `https://hub.example.org`), without a
   * trailing slash: absolute links (the list's `Link` header, the panel's "point at this hub" line) start with it.
   * Unset: links are built from the address the hub listens on, never from the client's `Host`. */
  publicUrl: string | undefined;
  /** Origins card images may load from besides the hub (`MODELHUB_CARD_IMAGE_HOSTS`, comma-separated host names
   * or origins; default none). */
  cardImageOrigins: string[];
  /** Most simultaneous connections (`MODELHUB_MAX_CONNECTIONS`). */
  maxConnections: number;
  /** Longest rendering of one model card, in ms (`MODELHUB_CARD_RENDER_TIMEOUT_MS`); a slower card is shown as too
   * large to render. */
  cardRenderTimeoutMs: number;
  /** Longest upload, in ms (`MODELHUB_MAX_UPLOAD_HOURS`, default 24): from an object's bytes (an LFS upload
   * session's first object) to the commit that points at it. Start-up sweeps unreferenced blobs older than this. */
  maxUploadMs: number;
}

/** Flags of `modelhub serve`. */
export interface ServeFlags {
  /** `--port`. */
  port?: number;
  /** `--db`. */
  db?: string;
  /** `--host`. */
  host?: string;
}

/** The default port, also the one the web app's development proxy points at. */
export const DEFAULT_PORT = 8080;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** A port number from text; throws naming `source` (a variable or flag) when it is not one. */
export function parsePort(text: string, source: string): number {
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port > 65535)
    throw new Error(`${source} must be a port number (0-65535), got "${text}"`);
  return port;
}

function isOff(value: string | undefined): boolean {
  return value !== undefined && ["0", "false", "off", "no"].includes(value.toLowerCase());
}

/** Resolves the configuration; throws a message naming the bad variable or flag. */
export function resolveServerConfig(env: Record<string, string | undefined>, flags: ServeFlags = {}): ServerConfig {
  const dataDir = resolve(env.MODELHUB_DATA_DIR || "data");
  const logLevel = env.MODELHUB_LOG_LEVEL || "info";
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`MODELHUB_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  return {
    port: flags.port ?? (env.PORT ? parsePort(env.PORT, "PORT") : DEFAULT_PORT),
    host: flags.host ?? (env.HOST || "127.0.0.1"),
    dataDir,
    dbPath: flags.db ? resolve(flags.db) : join(dataDir, "modelhub.db"),
    databaseUrl: env.DATABASE_URL || undefined,
    adminToken: env.MODELHUB_ADMIN_TOKEN || undefined,
    logLevel,
    requestLogs: !isOff(env.MODELHUB_REQUEST_LOGS),
    demoCatalog: !isOff(env.MODELHUB_DEMO_CATALOG),
    maxUploadBytes: env.MODELHUB_MAX_UPLOAD_BYTES
      ? parseByteCount(env.MODELHUB_MAX_UPLOAD_BYTES, "MODELHUB_MAX_UPLOAD_BYTES")
      : DEFAULT_MAX_UPLOAD_BYTES,
    publicUrl: env.MODELHUB_PUBLIC_URL ? parsePublicUrl(env.MODELHUB_PUBLIC_URL, "MODELHUB_PUBLIC_URL") : undefined,
    cardImageOrigins: parseOrigins(env.MODELHUB_CARD_IMAGE_HOSTS ?? "", "MODELHUB_CARD_IMAGE_HOSTS"),
    maxConnections: env.MODELHUB_MAX_CONNECTIONS
      ? parsePositiveCount(env.MODELHUB_MAX_CONNECTIONS, "MODELHUB_MAX_CONNECTIONS")
      : DEFAULT_MAX_CONNECTIONS,
    cardRenderTimeoutMs: env.MODELHUB_CARD_RENDER_TIMEOUT_MS
      ? parsePositiveCount(env.MODELHUB_CARD_RENDER_TIMEOUT_MS, "MODELHUB_CARD_RENDER_TIMEOUT_MS")
      : DEFAULT_CARD_RENDER_TIMEOUT_MS,
    maxUploadMs: env.MODELHUB_MAX_UPLOAD_HOURS
      ? parsePositiveCount(env.MODELHUB_MAX_UPLOAD_HOURS, "MODELHUB_MAX_UPLOAD_HOURS") * 60 * 60 * 1000
      : DEFAULT_MAX_UPLOAD_MS,
  };
}

/** Origins from a comma-separated list of host names (`cdn.example` means `https://cdn.example`) or origins. */
export function parseOrigins(text: string, source: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const withScheme = /^https?:\/\//.test(entry) ? entry : `https://${entry}`;
      let url: URL;
      try {
        url = new URL(withScheme);
      } catch {
        throw new Error(`${source} must list host names or origins, got "${entry}"`);
      }
      if (url.pathname !== "/" || url.search || url.hash || url.username) {
        throw new Error(`${source} must list host names or origins, got "${entry}"`);
      }
      return url.origin;
    });
}

/** An http(s) origin with an optional path prefix, without query, fragment, credentials or trailing slash; throws
 * naming `source` when `text` is not one. */
export function parsePublicUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${source} must be an http(s) URL such as https://hub.example.org, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${source} must use http or https`);
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`${source} may not hold a query, a fragment or credentials`);
  }
  return url.href.replace(/\/+$/, "");
}

/** A positive whole number of bytes from text; throws naming `source` when it is not one. */
export function parseByteCount(text: string, source: string): number {
  const bytes = Number(text);
  if (!/^[0-9]+$/.test(text) || bytes < 1 || !Number.isSafeInteger(bytes)) {
    throw new Error(`${source} must be a positive whole number of bytes, got "${text}"`);
  }
  return bytes;
}

/** A positive whole number from text; throws naming `source` when it is not one. */
export function parsePositiveCount(text: string, source: string): number {
  const count = Number(text);
  if (!/^[0-9]+$/.test(text) || count < 1 || !Number.isSafeInteger(count)) {
    throw new Error(`${source} must be a positive whole number, got "${text}"`);
  }
  return count;
}
