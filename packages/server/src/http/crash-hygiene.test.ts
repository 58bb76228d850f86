// What the hub does under a full or read-only disk, password guessing, connection floods and stalled clients.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import type { Store } from "../store/store.js";
import { jsonBody, startTestApp, type TestApp, type TestStoreFactory } from "../test-utils/test-app.js";

let hub: TestApp | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

// A store whose writes fail as a full or read-only disk makes them fail (the error codes Node, SQLite and
// PostgreSQL give); a real full disk needs a mount this test cannot make everywhere.
function failingWrites(code: string): TestStoreFactory {
  return async (dir) => {
    const store = await openStore({ dbPath: `${dir}/hub.db` });
    const fail = async () => {
      throw Object.assign(new Error(`simulated ${code}`), { code });
    };
    const failing: Store = Object.assign(Object.create(store) as Store, { createModel: fail, replaceModel: fail });
    return { store: failing };
  };
}

function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.on("error", reject);
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve();
    socket.on("close", () => resolve());
  });
}

describe("storage failures", () => {
  it.each([
    ["ENOSPC", 507, "disk is full"],
    ["SQLITE_FULL", 507, "disk is full"],
    ["53100", 507, "disk is full"],
    ["EROFS", 503, "read-only"],
    ["SQLITE_READONLY", 503, "read-only"],
    ["25006", 503, "read-only"],
  ])("%s answers %i with a JSON error", async (code, status, message) => {
    hub = await startTestApp([], {}, failingWrites(code));
    const response = await hub.admin("/api/models", jsonBody("POST", { id: "acme/model" }));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });
});

describe("failed authentication", () => {
  it("is limited per address: after the burst, credentials are refused with 429 until the bucket refills", async () => {
    const app = await startTestApp([], { failedAuthLimit: { burst: 3, perSecond: 0.001 } });
    hub = app;
    const post = (token: string) =>
      app.fetch("/api/models", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: "acme/m" }),
      });
    for (let i = 0; i < 3; i++) expect((await post(`wrong-${i}`)).status).toBe(401);
    const limited = await post("wrong-again");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(((await limited.json()) as { error: string }).error).toContain("too many failed authentication");
    // Reading needs no credentials and is not limited.
    expect((await app.fetch("/api/models")).status).toBe(200);
  });
});

describe("connections", () => {
  it("are capped: a connection over the limit is closed at once", async () => {
    hub = await startTestApp([], { maxConnections: 2 });
    const kept = [await open(hub.url), await open(hub.url)];
    const extra = await open(hub.url);
    extra.write("GET /api/models HTTP/1.1\r\nHost: x\r\n\r\n");
    let answered = false;
    extra.on("data", () => {
      answered = true;
    });
    await closed(extra);
    expect(answered).toBe(false);
    for (const socket of kept) socket.destroy();
  });

  it("close a stalled authenticated upload once it is idle", async () => {
    hub = await startTestApp([], { idleTimeoutMs: 300 });
    const socket = await open(hub.url);
    socket.on("error", () => undefined);
    socket.write(
      "POST /api/models HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-admin-token-0123456789\r\n" +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id": "acme/',
    );
    await closed(socket);
    expect(await hub.store.getModel("acme/stalled")).toBeNull();
  });
});
