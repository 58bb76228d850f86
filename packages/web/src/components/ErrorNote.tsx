import { describeError } from "../lib/error-text";

/** Props of `ErrorNote`. */
export interface ErrorNoteProps {
  /** What could not be loaded, as the start of a sentence ("The models"). */
  what: string;
  /** The failure. */
  error: unknown;
  /** Runs the request again; the button is offered for failures a retry can fix. */
  onRetry?: () => void;
}

/** A failed load told in plain words, with the request id of a server error and a retry. */
export function ErrorNote({ what, error, onRetry }: ErrorNoteProps) {
  const info = describeError(error);
  const retry = onRetry && (info.kind === "offline" || info.kind === "server" || info.kind === "unknown");
  return (
    <div className="note note--error" role="alert">
      <p>
        {what} could not be loaded. {info.text}
      </p>
      {info.requestId !== null && (
        <p className="muted">
          Request id: <code>{info.requestId}</code>
        </p>
      )}
      {retry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
