// Accounts on the app: whoami, sign-in and first run, tokens, users and organisations. app.ts calls this once.
import type { FastifyInstance } from "fastify";
import { createAccountService } from "../accounts/account-service.js";
import type { Store } from "../store/store.js";
import { registerOrganizationRoutes } from "./organizations.js";
import { registerSessionRoutes } from "./session.js";
import { registerTokenRoutes } from "./tokens.js";
import { registerWhoAmIRoute } from "./whoami.js";

/** What the account routes need. */
export interface AccountRouteOptions {
  /** Storage (its `accounts`). */
  store: Store;
  /** The bootstrap administrator's token (the first-run form asks for it). */
  adminToken: string;
  /** Clock. */
  now: () => Date;
}

/** Registers every account route. */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRouteOptions): void {
  const service = createAccountService(options.store.accounts, options.now);
  registerWhoAmIRoute(app, { now: options.now });
  registerSessionRoutes(app, { store: options.store, service, adminToken: options.adminToken });
  registerTokenRoutes(app, { store: options.store, service });
  registerOrganizationRoutes(app, { service });
}
