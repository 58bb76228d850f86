// Fastify makes a child logger for every request (bound to its id), and pino's child serialises its bindings at
// once. Most requests log nothing, so the child is made on the first line a request logs, not when it arrives.
import type { FastifyBaseLogger } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

// Calls the child's method for `level` with the caller's arguments, on the child (pino's methods read `this`).
function call(logger: FastifyBaseLogger, level: Level, args: unknown[]): void {
  (logger[level] as (...a: unknown[]) => void).apply(logger, args);
}

/** A stand-in for `parent.child(bindings, options)` that makes that child only when it is first used. */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.real.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  // Methods on the prototype, not arrow fields: a request's stand-in costs one small object, no closures.
  fatal(...args: unknown[]): void {
    call(this.real, "fatal", args);
  }
  error(...args: unknown[]): void {
    call(this.real, "error", args);
  }
  warn(...args: unknown[]): void {
    call(this.real, "warn", args);
  }
  info(...args: unknown[]): void {
    call(this.real, "info", args);
  }
  debug(...args: unknown[]): void {
    call(this.real, "debug", args);
  }
  trace(...args: unknown[]): void {
    call(this.real, "trace", args);
  }
  silent(...args: unknown[]): void {
    call(this.real, "silent", args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory` option: each request's logger, made when the request first logs. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
  return new LazyChildLogger(logger, bindings, options) as FastifyBaseLogger;
}
