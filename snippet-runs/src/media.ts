// The media the runs use: input files the snippets read, and the images, audio and video the stand-in answers with.
import { deflateSync } from "node:zlib";

/** The input files the snippets name, by file name: an audio clip and two images (content is what matters to the checks). */
export const INPUT_FILES: Record<string, Buffer> = {
  "sample1.flac": Buffer.concat([Buffer.from("fLaC"), Buffer.from("snippet-runs audio sample 1\n".repeat(40))]),
  "cats.jpg": jpeg("two cats on a couch"),
  "invoice.jpg": jpeg("invoice number 4242"),
};

/** A 2×2 PNG that image libraries decode (PIL re-encodes it when a snippet saves it). */
export const PNG = png(2, 2);

/** Audio bytes answered for text-to-speech and text-to-audio. */
export const FLAC_OUT = Buffer.concat([Buffer.from("fLaC"), Buffer.from("snippet-runs generated speech\n".repeat(20))]);

/** Video bytes answered for text-to-video and image-to-video (an MP4 `ftyp` box first). */
export const MP4_OUT = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from("ftypisom\0\0\x02\0isomiso2"),
  Buffer.from("snippet-runs generated video\n".repeat(20)),
]);

/** The input file whose bytes equal `bytes` (also when base64 or a data URL carried them), or null. */
export function inputFileOf(bytes: Buffer): string | null {
  for (const [name, content] of Object.entries(INPUT_FILES)) if (content.equals(bytes)) return name;
  return null;
}

/** Decodes a base64 string or a `data:<type>;base64,` URL; null when it is neither. */
export function decodeBase64(value: unknown): { bytes: Buffer; mediaType: string | null } | null {
  if (typeof value !== "string") return null;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(value);
  const text = match ? match[2]! : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return { bytes: Buffer.from(text, "base64"), mediaType: match ? match[1]! : null };
}

function jpeg(text: string): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(`${text}\n`.repeat(30)),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function png(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
