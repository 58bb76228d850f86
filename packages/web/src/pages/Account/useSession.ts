import { useCallback, useEffect, useState } from "react";
import { getSession, type SessionState } from "../../api/session";

/** The session state, reloaded on demand (after sign-in, sign-out, setup); null while loading or unreachable. */
export function useSession(): { session: SessionState | null; reload: () => void } {
  const [session, setSession] = useState<SessionState | null>(null);
  const [version, setVersion] = useState(0);
  // `version` is read so that a reload (which bumps it) fetches again.
  useEffect(() => {
    let live = true;
    void version;
    getSession()
      .then((state) => {
        if (live) setSession(state);
      })
      .catch(() => {
        if (live) setSession(null);
      });
    return () => {
      live = false;
    };
  }, [version]);
  return { session, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
