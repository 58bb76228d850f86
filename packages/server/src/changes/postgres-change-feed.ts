// The change feed of hubs sharing one PostgreSQL database: NOTIFY after each write, LISTEN on a connection of its
// own. A dropped listening connection is reopened with growing pauses; since messages sent meanwhile are lost, the
// listeners are then told that everything changed.
import { createHash } from "node:crypto";
import pg from "pg";
import {
  ALL_CHANGED,
  type CacheChange,
  type ChangeFeed,
  decodeChange,
  encodeChange,
  newOrigin,
} from "./change-feed.js";

/** Where to listen, and how to report trouble. */
export interface PostgresChangeFeedOptions {
  /** `postgres://…`, the hub's database. */
  url: string;
  /** Schema of the hub's tables; default: the connection's current schema. Hubs on other schemas are not told. */
  schema?: string;
  /** Told of lost connections and failed messages. */
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** First pause before reconnecting, in ms (doubling up to `maxRetryMs`). */
  retryMs?: number;
  /** Longest pause between reconnection attempts, in ms. */
  maxRetryMs?: number;
}

// One channel per schema, so hubs (and test runs) on other schemas of the database are not disturbed; a channel
// name is an identifier of at most 63 bytes.
export function channelOf(schema: string): string {
  const name = `modelhub_changes_${schema}`;
  return name.length <= 63
    ? name
    : `modelhub_changes_${createHash("sha256").update(schema).digest("hex").slice(0, 32)}`;
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function clientConfig(options: PostgresChangeFeedOptions): pg.ClientConfig {
  return {
    connectionString: options.url,
    application_name: "modelhub changes",
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  };
}

/** Opens the feed: resolves once this process listens, so no write after it goes unheard. */
export async function openPostgresChangeFeed(options: PostgresChangeFeedOptions): Promise<ChangeFeed> {
  const origin = newOrigin();
  const log = options.log ?? (() => {});
  const listeners = new Set<(change: CacheChange) => void>();
  const retryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  // Messages go out on a small pool, apart from the listening connection, so a reconnect never blocks a write.
  const senders = new pg.Pool({ ...clientConfig(options), max: 2 });
  senders.on("error", (error) => log("change feed sender connection lost", { error: error.message }));
  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let channel = "";

  const tell = (change: CacheChange): void => {
    for (const listen of [...listeners]) listen(change);
  };

  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client(clientConfig(options));
    client.on("error", (error) => log("change feed connection lost", { error: error.message }));
    await client.connect();
    try {
      if (!channel) {
        // The schema the hub's tables are in: named, or the first of the search path that exists.
        const { rows } = await client.query<{ schema: string | null }>("SELECT current_schema() AS schema");
        channel = channelOf(options.schema ?? rows[0]?.schema ?? "public");
      }
      client.on("notification", (message) => {
        if (message.channel !== channel) return;
        const { origin: from, change } = decodeChange(message.payload ?? "");
        if (from !== origin) tell(change);
      });
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.once("end", () => {
      if (closed || listener !== client) return;
      listener = null;
      reconnect(retryMs);
    });
    return client;
  };

  const reconnect = (pause: number): void => {
    retryTimer = setTimeout(() => {
      listen().then(
        (client) => {
          if (closed) {
            void client.end();
            return;
          }
          listener = client;
          log("change feed listening again", {});
          // Whatever was published while nobody listened is unknown here.
          tell(ALL_CHANGED);
        },
        (error: unknown) => {
          log("change feed reconnect failed", { error: error instanceof Error ? error.message : String(error) });
          if (!closed) reconnect(Math.min(pause * 2, maxRetryMs));
        },
      );
    }, pause);
    retryTimer.unref();
  };

  listener = await listen();

  return {
    async publish(change) {
      try {
        await senders.query("SELECT pg_notify($1, $2)", [channel, encodeChange(origin, change)]);
      } catch (error) {
        log("change not published; other processes see it when their caches expire", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    subscribe(listen) {
      listeners.add(listen);
      return () => listeners.delete(listen);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => {}), senders.end().catch(() => {})]);
    },
  };
}
