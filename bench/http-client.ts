// A plain HTTP client over node:http with an agent per caller, so a benchmark decides how many connections each
// group of requests uses (fetch pools every request of the process together).
import { Agent, request as httpRequest } from "node:http";

/** An answer: status and body. */
export interface Answer {
  /** HTTP status. */
  status: number;
  /** The body's bytes. */
  body: Buffer;
  /** Response headers. */
  headers: Record<string, string | string[] | undefined>;
}

/** A keep-alive agent holding at most `connections` connections. */
export function keepAliveAgent(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections });
}

/** Sends one request through `agent`; rejects only on a network error. */
export function send(
  agent: Agent,
  method: string,
  url: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
