// Collects a small body (a model card, a config) into memory, refusing it past a limit.

import type { BlobSource } from "../blobs/blob-store.js";
import { HubError } from "../errors.js";

/** The bytes of `source`; a `payload_too_large` HubError naming `what` when they exceed `maxBytes`. */
export async function readLimited(source: BlobSource, maxBytes: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes)
      throw new HubError("payload_too_large", `${what} is larger than the limit of ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** `bytes` as UTF-8 text; a `bad_request` HubError naming `what` when they are not valid UTF-8. */
export function utf8Text(bytes: Buffer, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HubError("bad_request", `${what}: is not valid UTF-8 text`);
  }
}
