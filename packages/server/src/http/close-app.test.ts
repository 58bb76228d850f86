import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { openStore } from "../store/open-store.js";
import { closeApp } from "./close-app.js";

describe("closeApp", () => {
  it("leaves no connection open: a request that never finishes is dropped", { timeout: 10_000 }, async () => {
    const store = await openStore({ dbPath: ":memory:" });
    const app = await createApp({ store, adminToken: "t" });
    const url = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
    // A POST that announces 1,000 bytes and sends 10: the connection stays busy, not idle, and app.close() alone
    // leaves it open (a client that holds it then holds the process).
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    await new Promise<void>((resolve) => socket.on("connect", resolve));
    socket.write(
      "POST /api/models HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
    );
    socket.write('{"id": "a/');
    const socketClosed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeApp(app, 0);
    await socketClosed;
    expect(socket.destroyed).toBe(true);
    await store.close();
  });
});
