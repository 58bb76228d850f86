import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { lazyChildLogger } from "./lazy-child-logger.js";

// A parent logger that records the children it makes and the lines they log (with their bindings).
function recordingLogger() {
  const made: Array<Record<string, unknown>> = [];
  const lines: Array<{ level: string; bindings: Record<string, unknown>; args: unknown[] }> = [];
  const logger = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const at =
      (level: string) =>
      (...args: unknown[]) =>
        lines.push({ level, bindings, args });
    return {
      level: "info",
      fatal: at("fatal"),
      error: at("error"),
      warn: at("warn"),
      info: at("info"),
      debug: at("debug"),
      trace: at("trace"),
      silent: at("silent"),
      child(childBindings: Record<string, unknown>) {
        made.push(childBindings);
        return logger({ ...bindings, ...childBindings });
      },
    } as FastifyBaseLogger;
  };
  return { parent: logger({}), made, lines };
}

describe("lazyChildLogger", () => {
  it("makes no child for a request that logs nothing", () => {
    const { parent, made } = recordingLogger();
    lazyChildLogger(parent, { reqId: "req-1" }, {});
    expect(made).toEqual([]);
  });

  it("makes the child once, on the first line, and every line carries the request's bindings", () => {
    const { parent, made, lines } = recordingLogger();
    const log = lazyChildLogger(parent, { reqId: "req-2" }, {});
    log.warn({ detail: 1 }, "first");
    log.error("second");
    expect(made).toEqual([{ reqId: "req-2" }]);
    expect(lines).toEqual([
      { level: "warn", bindings: { reqId: "req-2" }, args: [{ detail: 1 }, "first"] },
      { level: "error", bindings: { reqId: "req-2" }, args: ["second"] },
    ]);
    expect(log.level).toBe("info");
    log.child({ part: "x" }).info("third");
    expect(lines.at(-1)).toEqual({ level: "info", bindings: { reqId: "req-2", part: "x" }, args: ["third"] });
  });
});
