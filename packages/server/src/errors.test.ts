import { afterEach, describe, expect, it } from "vitest";
import { ERROR_STATUS, HubError } from "./errors.js";
import { startTestApp, type TestApp } from "./test-utils/test-app.js";

let hub: TestApp | undefined;
afterEach(() => hub?.close());

describe("errors", () => {
  it("maps every code to a 4xx or 5xx status", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(new HubError(code as keyof typeof ERROR_STATUS, "x").status).toBe(status);
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });

  it("turns a thrown bug into a 500 naming the request id, logs the stack, and leaks nothing", async () => {
    const logs: string[] = [];
    const stream = { write: (line: string) => logs.push(line) };
    hub = await startTestApp([], { logger: { level: "info", stream } });
    hub.store.listModels = async () => {
      throw new Error("secret database detail at /srv/db");
    };
    // The app reads through its cache, which forwards listModels to the store object it was given.
    const response = await hub.fetch("/api/models");
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string };
    const id = /request id ([\w-]+)\)/.exec(body.error)?.[1];
    expect(id).toBeDefined();
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(JSON.stringify(body)).not.toContain("at ");
    const entry = logs.map((l) => JSON.parse(l)).find((l) => l.msg === "unhandled error");
    expect(entry).toMatchObject({ level: 50, reqId: id });
    expect(entry.err.stack).toContain("secret database detail");
    expect(logs.some((l) => JSON.parse(l).msg === "request completed")).toBe(true);
  });
});
