// The clients the engine left out for this call (a client that would refuse it), each with the engine's reason.
import type { OmittedClient } from "../../api/types";

/** Props of OmittedClients. */
export interface OmittedClientsProps {
  /** The engine's omitted clients of the shown language. */
  omitted: OmittedClient[];
}

/** A note naming each left-out client and why; nothing when none was left out. */
export function OmittedClients({ omitted }: OmittedClientsProps) {
  if (omitted.length === 0) return null;
  return (
    <p className="note" role="note">
      Not offered here:{" "}
      {omitted.map((item, index) => (
        <span key={`${item.language}/${item.client}`}>
          {index > 0 ? "; " : ""}
          <code>{item.client}</code>, because {item.reason.charAt(0).toLowerCase() + item.reason.slice(1)}
        </span>
      ))}
    </p>
  );
}
