// Failed authentication is rate-limited per client address: each address has a bucket of attempts that refills over
// time; every 401 takes one, and while the bucket is empty that address's requests that carry credentials are
// answered 429 without being checked, so guessing tokens costs time. Requests without credentials are never limited.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HubError } from "../errors.js";

/** How many failed attempts an address may make at once, and how fast it earns them back. */
export interface FailedAuthLimit {
  /** Attempts in a full bucket. */
  burst: number;
  /** Attempts earned back per second. */
  perSecond: number;
}

/** 20 failures at once, then one every 2 seconds. */
export const DEFAULT_FAILED_AUTH_LIMIT: FailedAuthLimit = { burst: 20, perSecond: 0.5 };

/** Most addresses remembered; the one that failed longest ago is forgotten first. */
const MAX_ADDRESSES = 10_000;

/** A token bucket per key, refilled continuously. */
export function createBuckets(limit: FailedAuthLimit, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (key: string): number => {
    const bucket = buckets.get(key);
    if (!bucket) return limit.burst;
    return Math.min(limit.burst, bucket.tokens + ((now() - bucket.at) / 1000) * limit.perSecond);
  };
  return {
    /** True when `key` has an attempt left. */
    allows: (key: string) => level(key) >= 1,
    /** Takes one attempt from `key`'s bucket. */
    take(key: string): void {
      const tokens = level(key) - 1;
      buckets.delete(key);
      // Map order is insertion order, and a key is re-inserted on each failure: the first is the stalest.
      if (buckets.size >= MAX_ADDRESSES) buckets.delete(buckets.keys().next().value as string);
      buckets.set(key, { tokens, at: now() });
    },
  };
}

function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
}

/** Installs the per-address limit of failed authentication on every route of `app`. */
export function registerFailedAuthLimit(app: FastifyInstance, limit: FailedAuthLimit = DEFAULT_FAILED_AUTH_LIMIT) {
  const buckets = createBuckets(limit);
  // A callback hook: it runs on every request, and one without credentials (most) passes at once. Only a request
  // that presents credentials can fail authentication, so only such a request is watched for its 401.
  app.addHook("onRequest", (request, reply, done) => {
    if (!carriesCredentials(request)) return done();
    if (!buckets.allows(request.ip)) {
      reply.header("retry-after", String(Math.ceil(1 / limit.perSecond)));
      return done(
        new HubError("too_many_requests", "too many failed authentication attempts from this address; retry later"),
      );
    }
    reply.raw.once("finish", () => {
      if (reply.statusCode === 401) buckets.take(request.ip);
    });
    done();
  });
}
