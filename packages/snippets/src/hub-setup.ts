// The line a user needs before any snippet works when the model lives on a self-hosted hub rather than the public
// one: the field's clients (huggingface_hub, transformers, diffusers…) read HF_ENDPOINT, and git needs this hub's
// clone URL. The hub's URL comes from its configuration or the request, so it reaches code only through the
// escaping modules, like every other value.
import { shQuote } from "./code/sh.js";
import { urlPath } from "./code/url.js";

/** The public hub: models there need no setup line. */
export const PUBLIC_HUB_URL = "https://huggingface.co";

/** How to reach the hub that hosts a model. */
export interface HubSetup {
  /** The hub's URL, normalised (`scheme://host[:port][/path]`, no trailing slash). */
  endpoint: string;
  /** The shell line to run first so Python clients load from this hub: `export HF_ENDPOINT='…'`. */
  python: string;
  /** The model's clone URL on this hub. */
  cloneUrl: string;
  /** The shell line that clones the model (git-lfs fetches the large files): `git clone '…'`. */
  git: string;
}

/** `url` as an endpoint (no trailing slash), or null when it is not a plain http(s) URL. */
export function normaliseHubUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** The setup lines for model `modelId` hosted at `hubUrl`; null for the public hub or a URL that is not one. */
export function hubSetup(modelId: string, hubUrl: string | undefined): HubSetup | null {
  if (hubUrl === undefined) return null;
  const endpoint = normaliseHubUrl(hubUrl);
  if (endpoint === null || endpoint === PUBLIC_HUB_URL) return null;
  const cloneUrl = `${endpoint}/${urlPath(modelId)}`;
  return {
    endpoint,
    python: `export HF_ENDPOINT=${shQuote(endpoint)}`,
    cloneUrl,
    git: `git clone ${shQuote(cloneUrl)}`,
  };
}
