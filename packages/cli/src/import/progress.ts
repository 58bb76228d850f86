// Import progress: a bar on a terminal, plain lines elsewhere (logs, CI), the same totals either way.
import type { ImportProgress } from "@modelhub/server/storage";
import cliProgress from "cli-progress";

/** Shows the progress of an import. */
export interface ProgressView {
  /** New totals after a batch. */
  update(progress: ImportProgress, bytesRead: number): void;
  /** Ends the display (the bar leaves the terminal clean). */
  stop(): void;
}

/** Lines between two plain progress lines. */
export const PLAIN_EVERY_LINES = 50_000;

/** A cli-progress bar over the input's bytes, on `stream` (a TTY). */
export function barView(stream: NodeJS.WriteStream, totalBytes: number): ProgressView {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      hideCursor: true,
      format: "importing {bar} {percentage}% | {lines} lines | {accepted} accepted, {rejected} rejected | ETA {eta}s",
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(Math.max(totalBytes, 1), 0, { lines: 0, accepted: 0, rejected: 0 });
  return {
    update: (progress, bytesRead) => bar.update(Math.min(bytesRead, Math.max(totalBytes, 1)), { ...progress }),
    stop: () => bar.stop(),
  };
}

/** One plain line every `every` input lines, on `stream`. */
export function plainView(stream: NodeJS.WritableStream, every = PLAIN_EVERY_LINES): ProgressView {
  let next = every;
  return {
    update(progress) {
      if (progress.lines < next) return;
      next = progress.lines + every;
      stream.write(`imported ${progress.lines} lines: ${progress.accepted} accepted, ${progress.rejected} rejected\n`);
    },
    stop() {},
  };
}
