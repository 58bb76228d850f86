// Which names a user or an organisation may take: a valid namespace that no page or API path needs.
import { idPartProblem } from "../validation/model-id.js";

/** First path segments the hub itself uses: an account with one of these names would shadow a route. */
export const RESERVED_NAMES = [
  "admin",
  "api",
  "assets",
  "datasets",
  "login",
  "logout",
  "models",
  "new",
  "organizations",
  "settings",
  "setup",
  "signin",
  "spaces",
] as const;

/** Why `name` cannot be an account name, or null. */
export function accountNameProblem(name: string): string | null {
  const problem = idPartProblem(name);
  if (problem) return problem;
  if ((RESERVED_NAMES as readonly string[]).includes(name.toLowerCase())) return "is reserved by the hub";
  return null;
}
