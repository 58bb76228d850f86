// Closing without waiting on keep-alive clients: Fastify's close() waits for every open connection, and a client
// that keeps an idle connection (or a stalled upload) open would hold it for the keep-alive timeout (72 s).
import type { FastifyInstance } from "fastify";

/** How long the hub lets in-flight requests finish on shutdown before it drops the connections left. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Closes `app`: in-flight requests get `graceMs` to finish, then every connection still open is destroyed, so no
 * client (an idle keep-alive one, a stalled upload) outlives the app or holds its close. */
export async function closeApp(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  const closing = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(timer);
    app.server.closeAllConnections();
  }
}
