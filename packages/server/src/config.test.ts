import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_UPLOAD_MS } from "./blobs/orphan-sweep.js";
import { DEFAULT_CARD_RENDER_TIMEOUT_MS } from "./card/card-render-pool.js";
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_PORT, resolveServerConfig } from "./config.js";
import { DEFAULT_MAX_UPLOAD_BYTES } from "./files/upload-limit.js";

describe("resolveServerConfig", () => {
  it("defaults to port 8080, loopback, ./data and SQLite with logs on", () => {
    expect(resolveServerConfig({})).toEqual({
      port: DEFAULT_PORT,
      host: "127.0.0.1",
      dataDir: resolve("data"),
      dbPath: join(resolve("data"), "modelhub.db"),
      databaseUrl: undefined,
      adminToken: undefined,
      logLevel: "info",
      requestLogs: true,
      demoCatalog: true,
      maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
      publicUrl: undefined,
      cardImageOrigins: [],
      maxConnections: DEFAULT_MAX_CONNECTIONS,
      cardRenderTimeoutMs: DEFAULT_CARD_RENDER_TIMEOUT_MS,
      maxUploadMs: DEFAULT_MAX_UPLOAD_MS,
    });
  });

  it("reads the upload limit and refuses one that is not a positive whole number of bytes", () => {
    expect(resolveServerConfig({ MODELHUB_MAX_UPLOAD_BYTES: "1048576" }).maxUploadBytes).toBe(1_048_576);
    for (const bad of ["0", "-1", "1.5", "10GB", "99999999999999999999"]) {
      expect(() => resolveServerConfig({ MODELHUB_MAX_UPLOAD_BYTES: bad }), bad).toThrow("MODELHUB_MAX_UPLOAD_BYTES");
    }
  });

  it("reads the environment, and flags win over it", () => {
    const env = {
      PORT: "9000",
      HOST: "0.0.0.0",
      MODELHUB_DATA_DIR: "/srv/hub",
      DATABASE_URL: "postgres://u:p@db/hub",
      MODELHUB_ADMIN_TOKEN: "t",
      MODELHUB_LOG_LEVEL: "warn",
      MODELHUB_REQUEST_LOGS: "off",
      MODELHUB_DEMO_CATALOG: "0",
    };
    expect(resolveServerConfig(env)).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      dataDir: "/srv/hub",
      dbPath: "/srv/hub/modelhub.db",
      databaseUrl: "postgres://u:p@db/hub",
      adminToken: "t",
      logLevel: "warn",
      requestLogs: false,
      demoCatalog: false,
    });
    expect(resolveServerConfig(env, { port: 1234, db: "/tmp/x.db" })).toMatchObject({
      port: 1234,
      dbPath: "/tmp/x.db",
    });
  });

  it("reads the public URL without its trailing slash and refuses one that is not an http(s) origin", () => {
    expect(resolveServerConfig({ MODELHUB_PUBLIC_URL: "https://hub.example.org/" }).publicUrl).toBe(
      "https://hub.example.org",
    );
    expect(resolveServerConfig({ MODELHUB_PUBLIC_URL: "http://10.0.0.5:8080/hub/" }).publicUrl).toBe(
      "http://10.0.0.5:8080/hub",
    );
    for (const bad of ["hub.example.org", "ftp://hub", "https://hub/?a=1", "https://u:p@hub", "https://hub/#x"]) {
      expect(() => resolveServerConfig({ MODELHUB_PUBLIC_URL: bad }), bad).toThrow("MODELHUB_PUBLIC_URL");
    }
  });

  it("reads card image hosts as origins and the connection cap", () => {
    const config = resolveServerConfig({
      MODELHUB_CARD_IMAGE_HOSTS: "cdn.example.org, http://img.local:8080",
      MODELHUB_MAX_CONNECTIONS: "64",
    });
    expect(config.cardImageOrigins).toEqual(["https://cdn.example.org", "http://img.local:8080"]);
    expect(config.maxConnections).toBe(64);
    expect(() => resolveServerConfig({ MODELHUB_CARD_IMAGE_HOSTS: "cdn.example/path" })).toThrow(
      "MODELHUB_CARD_IMAGE_HOSTS",
    );
    expect(() => resolveServerConfig({ MODELHUB_MAX_CONNECTIONS: "0" })).toThrow("MODELHUB_MAX_CONNECTIONS");
  });

  it("reads the card render time budget and the longest upload", () => {
    expect(resolveServerConfig({ MODELHUB_CARD_RENDER_TIMEOUT_MS: "2500" }).cardRenderTimeoutMs).toBe(2500);
    expect(resolveServerConfig({ MODELHUB_MAX_UPLOAD_HOURS: "2" }).maxUploadMs).toBe(7_200_000);
    expect(() => resolveServerConfig({ MODELHUB_CARD_RENDER_TIMEOUT_MS: "soon" })).toThrow(
      "MODELHUB_CARD_RENDER_TIMEOUT_MS",
    );
  });

  it("names a bad variable", () => {
    expect(() => resolveServerConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => resolveServerConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => resolveServerConfig({ MODELHUB_LOG_LEVEL: "loud" })).toThrow(/MODELHUB_LOG_LEVEL/);
  });
});
