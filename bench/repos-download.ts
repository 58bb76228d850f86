// Large downloads for bench/repos: one whole-file GET timed on the client (every byte read and dropped), and ranged
// GETs run together while the server's resident memory is sampled from /proc.
import { request } from "node:http";
import { rssMiB } from "./processes.js";

/** What one download did. */
export interface Download {
  /** Bytes received. */
  bytes: number;
  /** Wall-clock time from the request to the last byte, in ms. */
  ms: number;
  /** The status. */
  status: number;
}

/** GETs `url` (optionally `range`, inclusive), reading and dropping every byte; a fresh connection each time. */
export function download(url: string, range?: { start: number; end: number }): Promise<Download> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const req = request(url, { agent: false, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.once("error", reject);
      res.once("end", () => resolve({ bytes, ms: performance.now() - start, status: res.statusCode ?? 0 }));
    });
    req.once("error", reject);
    req.end();
  });
}

/** MB/s (10^6 bytes per second) of a download. */
export function megabytesPerSecond(d: Download): number {
  return d.bytes / 1e6 / (d.ms / 1000);
}

/** Resident memory of a process while some work runs: before it, and the highest sample during it. */
export interface RssDuring<T> {
  /** RSS just before the work started, MiB. */
  baseline: number;
  /** Highest RSS sampled while it ran, MiB. */
  peak: number;
  /** What the work returned. */
  result: T;
}

/** Runs `work` while sampling the RSS of process `pid` every `everyMs`. */
export async function sampleRss<T>(pid: number, work: () => Promise<T>, everyMs = 10): Promise<RssDuring<T>> {
  const baseline = rssMiB(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, rssMiB(pid));
    return { baseline, peak, result };
  } finally {
    clearInterval(timer);
  }
}

/** `parts` inclusive byte ranges covering `size` bytes, in order. */
export function splitRanges(size: number, parts: number): Array<{ start: number; end: number }> {
  const step = Math.ceil(size / parts);
  return Array.from({ length: parts }, (_, i) => ({ start: i * step, end: Math.min(size, (i + 1) * step) - 1 }));
}
