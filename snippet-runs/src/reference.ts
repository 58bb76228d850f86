// The reference for a raw HTTP snippet (curl, requests, fetch) is the provider's SDK making the same call:
// the openai client for chat, huggingface_hub's InferenceClient for the other tasks. Both requests must match in
// method, URL, content type, token variable, billing header and body (parsed JSON, or bytes).
import { decodeBase64, inputFileOf } from "./media.js";
import type { RecordedRequest } from "./run-spec.js";
import { FAL_QUEUE_HOST, HUB_HOST, PROVIDER_APIS } from "./stand-in/apis.js";

/** The client whose requests are the reference for a task. */
export function referenceClient(task: string): "openai" | "huggingface_hub" {
  return task === "conversational" ? "openai" : "huggingface_hub";
}

/** The call a run made: its first request to a provider or the router (not the hub's model info, not a file). */
export function callOf(requests: readonly RecordedRequest[]): RecordedRequest | null {
  return requests.find((request) => request.method === "POST" && new URL(request.url).hostname !== HUB_HOST) ?? null;
}

/**
 * Tasks whose body huggingface_hub shapes its own way, unlike hf-inference's documented request (which the stand-in
 * checks and the raw snippets send): their bodies are not compared, everything else is.
 */
export const SDK_BODY_DIVERGES: Record<string, string> = {
  "visual-question-answering":
    "huggingface_hub sends the image alone as inputs and repeats image and question at the top level",
  "document-question-answering":
    "huggingface_hub sends the image alone as inputs and repeats image and question at the top level",
  "tabular-classification": "huggingface_hub sends the table as `table`, not as `inputs.data`",
  "tabular-regression": "huggingface_hub sends the table as `table`, not as `inputs.data`",
};

/** How the raw call differs from the reference call (empty when equivalent). */
export function compareCalls(raw: RecordedRequest, reference: RecordedRequest, task: string): string[] {
  const differences: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      differences.push(`${what}: ${JSON.stringify(a)} vs the SDK's ${JSON.stringify(b)}`);
  };
  same("method", raw.method, reference.method);
  same("URL", normalUrl(raw.url), normalUrl(reference.url));
  same("content type", contentType(raw), contentType(reference));
  same("token variable", raw.tokenVariable, reference.tokenVariable);
  same("X-HF-Bill-To", raw.headers["x-hf-bill-to"] ?? null, reference.headers["x-hf-bill-to"] ?? null);
  if (task in SDK_BODY_DIVERGES) return differences;
  if (contentType(raw) === "application/json" && contentType(reference) === "application/json") {
    const missing = notIn(normalJson(parse(raw.body)), normalJson(parse(reference.body)), "body");
    if (missing) differences.push(missing);
  } else if (!raw.body.equals(reference.body)) {
    differences.push(`body: ${raw.body.length} bytes differ from the SDK's ${reference.body.length}`);
  }
  return differences;
}

// fal's queue is the same API as its synchronous host; the router marks it with `_subdomain=queue`.
function normalUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === FAL_QUEUE_HOST) parsed.hostname = PROVIDER_APIS["fal-ai"]!.host;
  parsed.searchParams.delete("_subdomain");
  return parsed.toString();
}

function contentType(request: RecordedRequest): string {
  return (request.headers["content-type"] ?? "").split(";")[0]!.trim();
}

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return body.toString("utf8");
  }
}

// Files travel as base64 or data URLs whose media type clients guess differently: compare the file they carry.
// `stream: false` is the default the SDKs leave out.
function normalJson(value: unknown): unknown {
  if (typeof value === "string") {
    const decoded = value.length > 64 ? decodeBase64(value) : null;
    const file = decoded && inputFileOf(decoded.bytes);
    return file ? `<file ${file}>` : value;
  }
  if (Array.isArray(value)) return value.map(normalJson);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([key, item]) => !(key === "stream" && item === false));
    return Object.fromEntries(entries.map(([key, item]) => [key, normalJson(item)]));
  }
  return value;
}

// Every field the snippet sends must be in the SDK's request with the same value; the SDK may send more
// (Replicate's client repeats the image under four names, for instance).
function notIn(raw: unknown, reference: unknown, path: string): string | null {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    if (reference === null || typeof reference !== "object" || Array.isArray(reference)) {
      return `${path}: an object where the SDK sends ${JSON.stringify(reference)}`;
    }
    for (const [key, item] of Object.entries(raw)) {
      if (!(key in reference)) return `${path}.${key}: sent, but the SDK does not send it`;
      const found = notIn(item, (reference as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return JSON.stringify(raw) === JSON.stringify(reference)
    ? null
    : `${path}: ${JSON.stringify(raw)?.slice(0, 80)} vs the SDK's ${JSON.stringify(reference)?.slice(0, 80)}`;
}
