// Where commands download a model from: the public hub, whose names the apps know, or this hub, reached through
// each tool's endpoint variable or a plain download of the file.
import { shQuote } from "../code/sh.js";

/** The public hub: apps resolve `hf.co/…` and `-hf` names against it. */
export const PUBLIC_HUB_URL = "https://huggingface.co";

/** The hub the commands download from. */
export interface HubTarget {
  /** Its base URL, no trailing slash, e.g. `https://hub.example.com`. */
  url: string;
  /** True for the public hub, whose short names the apps understand. */
  isPublic: boolean;
}

/** The target for `url` (a trailing slash is dropped); the public hub when absent. */
export function hubTarget(url: string = PUBLIC_HUB_URL): HubTarget {
  const trimmed = url.replace(/\/+$/, "");
  let isPublic = false;
  try {
    const host = new URL(trimmed).host;
    isPublic = host === "huggingface.co" || host === "hf.co";
  } catch {
    throw new Error(`hub URL "${url}" is not a URL`);
  }
  return { url: trimmed, isPublic };
}

/** The download URL of `path` in model `id` on `hub`, every segment percent-encoded. */
export function resolveFileUrl(hub: HubTarget, id: string, path: string): string {
  const encode = (text: string) => text.split("/").map(encodeURIComponent).join("/");
  return `${hub.url}/${encode(id)}/resolve/main/${encode(path)}`;
}

/** `NAME='hub' ` before a command when the hub is not the public one, else nothing. */
export function endpointPrefix(hub: HubTarget, variable: string): string {
  return hub.isPublic ? "" : `${variable}=${shQuote(hub.url)} `;
}

/** The last segment of a path: the name a downloaded file gets. */
export function baseName(path: string): string {
  return path.split("/").pop() ?? path;
}

/** `curl` lines that download `paths` of model `id` into the current folder, keeping each file's name. */
export function downloadCommands(hub: HubTarget, id: string, paths: readonly string[]): string[] {
  return paths.map((path) => `curl -L -o ${localFile(path)} ${shQuote(resolveFileUrl(hub, id, path))}`);
}

/** The downloaded file of `path` as one shell word, `./name`, so a name starting with `-` is never an option. */
export function localFile(path: string): string {
  return shQuote(`./${baseName(path)}`);
}
