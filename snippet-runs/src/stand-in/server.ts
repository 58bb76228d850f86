// The stand-in: one local HTTPS server answering for the router, the hub and every provider host. It records each
// request under the run its credential names, checks it against the provider's API and answers realistically.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { RecordedRequest, RunSpec } from "../run-spec.js";
import type { TestCertificates } from "../tls.js";
import { parseToken } from "../tokens.js";
import {
  ENDPOINT_HOST,
  FAL_QUEUE_HOST,
  FILE_HOSTS,
  HUB_HOST,
  PROVIDER_APIS,
  ROUTER_HOST,
  STAND_IN_HOSTS,
} from "./apis.js";
import { type Exchange, json, type Reply } from "./exchange.js";
import { fileReply, hubModelInfo } from "./files.js";
import { routeProvider, routeRouter } from "./routes.js";

/** A running stand-in. */
export interface StandIn {
  /** Its local port. */
  port: number;
  /** Makes a run known (before it starts). */
  register(run: RunSpec): void;
  /** The requests recorded for a run, in arrival order. */
  requestsOf(run: number): RecordedRequest[];
  /** Requests no run could be named for (no or unknown credential, unknown host). */
  unattributed(): RecordedRequest[];
  /** Stops listening. */
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 with the test certificate. */
export async function startStandIn(
  certs: TestCertificates,
  models: ReadonlyMap<string, RunSpec["model"]>,
): Promise<StandIn> {
  const runs = new Map<number, RunSpec>();
  const recorded = new Map<number, RecordedRequest[]>();
  const orphans: RecordedRequest[] = [];
  const server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = record(req, Buffer.concat(chunks));
      const reply = answer(request, runs, models);
      (request.run === null ? orphans : listOf(recorded, request.run)).push(request);
      send(res, reply, request);
    });
  });
  // Idle connections stay open: closing them races with clients that reuse pooled connections between runs.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    register: (run) => runs.set(run.id, run),
    requestsOf: (run) => recorded.get(run) ?? [],
    unattributed: () => orphans,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listOf(map: Map<number, RecordedRequest[]>, run: number): RecordedRequest[] {
  const list = map.get(run) ?? [];
  map.set(run, list);
  return list;
}

function record(req: IncomingMessage, body: Buffer): RecordedRequest {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = String(value);
  const token = /^(?:Bearer|Key) (.+)$/.exec(headers.authorization ?? "");
  const parsed = token ? parseToken(token[1]!) : null;
  const fileRun = /^\/r(\d+)\//.exec(req.url ?? "");
  return {
    run: parsed?.run ?? (fileRun ? Number(fileRun[1]) : null),
    method: req.method ?? "",
    url: `https://${host}${req.url ?? "/"}`,
    headers,
    tokenVariable: parsed?.variable ?? null,
    body,
    violations: [],
  };
}

function answer(
  request: RecordedRequest,
  runs: Map<number, RunSpec>,
  models: ReadonlyMap<string, RunSpec["model"]>,
): Reply {
  const url = new URL(request.url);
  const host = url.hostname;
  if (!STAND_IN_HOSTS.includes(host)) return fault(request, 421, `unknown host ${host}`);
  if ((FILE_HOSTS as readonly string[]).includes(host))
    return fileReply(url.pathname) ?? fault(request, 404, "no such file");
  if (host === HUB_HOST)
    return hubModelInfo(url.pathname, models) ?? fault(request, 404, `no hub route ${url.pathname}`);
  const run = request.run === null ? undefined : runs.get(request.run);
  if (!run) return fault(request, 401, "no credential of a known run (Authorization header missing or unknown)");
  const exchange: Exchange = { request, run, url, violation: (text) => request.violations.push(text) };
  if (host === ROUTER_HOST) {
    checkCredential(exchange, "HF_TOKEN", "Bearer");
    return routeRouter(exchange);
  }
  if (host === ENDPOINT_HOST) {
    checkCredential(exchange, "API_TOKEN", "Bearer");
    return routeProvider(exchange, "endpoint", url.pathname);
  }
  const provider =
    host === FAL_QUEUE_HOST ? "fal-ai" : Object.keys(PROVIDER_APIS).find((name) => PROVIDER_APIS[name]!.host === host);
  if (!provider) return fault(request, 404, `no provider at ${host}`);
  const api = PROVIDER_APIS[provider]!;
  checkCredential(exchange, `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`, api.auth);
  return routeProvider(exchange, provider, url.pathname);
}

/** The credential: the right variable's value, in the provider's Authorization form. */
function checkCredential(exchange: Exchange, variable: string, scheme: "Bearer" | "Key"): void {
  const { request } = exchange;
  const auth = request.headers.authorization ?? "";
  if (!auth.startsWith(`${scheme} `))
    exchange.violation(`Authorization must be "${scheme} <${variable}>", got "${auth.split(" ")[0]} …"`);
  if (request.tokenVariable !== variable) {
    exchange.violation(`token must come from ${variable}, came from ${request.tokenVariable ?? "no known variable"}`);
  }
  checkBillTo(exchange);
}

/** X-HF-Bill-To: sent to the router when the run bills an organisation, never without it, never to a provider. */
function checkBillTo(exchange: Exchange): void {
  const sent = exchange.request.headers["x-hf-bill-to"] ?? null;
  const wanted = exchange.url.hostname === ROUTER_HOST ? (exchange.run.options.billTo ?? null) : null;
  if (sent !== wanted) {
    exchange.violation(
      `X-HF-Bill-To must be ${wanted === null ? "absent" : `"${wanted}"`} for ${exchange.url.hostname}, got ${sent === null ? "none" : `"${sent}"`}`,
    );
  }
}

function fault(request: RecordedRequest, status: number, text: string): Reply {
  request.violations.push(text);
  return json({ error: `snippet-runs stand-in: ${text}` }, status);
}

function send(res: ServerResponse, reply: Reply, request: RecordedRequest): void {
  // A request the stand-in found wrong gets a 400, as the provider would refuse it: the client's error shows it.
  if (request.violations.length > 0 && reply.status < 400) {
    reply = json({ error: `snippet-runs stand-in: ${request.violations.join("; ")}` }, 400);
  }
  res.writeHead(reply.status, { "content-type": reply.contentType });
  if (Array.isArray(reply.body)) {
    for (const part of reply.body) res.write(part);
    res.end();
  } else res.end(reply.body);
}
