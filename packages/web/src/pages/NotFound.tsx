import { Link } from "wouter";
import { useDocumentTitle } from "../hooks/useDocumentTitle";

/** Props of `NotFound`. */
export interface NotFoundProps {
  /** What was not found, e.g. the model id; a generic page when absent. */
  modelId?: string;
}

/** The not-found page, for unknown routes and unknown models. */
export function NotFound({ modelId }: NotFoundProps) {
  useDocumentTitle("Not found");
  return (
    <div className="not-found">
      <h1>Not found</h1>
      <p>
        {modelId === undefined ? (
          "There is no page at this address."
        ) : (
          <>
            There is no model <strong className="break-anywhere">{modelId}</strong> on this hub.
          </>
        )}
      </p>
      <p>
        <Link href="/models">Browse the models</Link>
      </p>
    </div>
  );
}
