// The routes a Fastify app registered, read from its route tree (`printRoutes`), for the test that the OpenAPI
// document lists every one of them.

/** A registered route: its method and URL in Fastify's syntax (`:param`, `*`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const LINE = /^(?<indent>[│ ]*)[├└]── (?<segment>.*?)(?: \((?<methods>[A-Z, ]+)\))?$/;

/** Parses `app.printRoutes({ commonPrefix: false })`: each level indents by four characters. */
export function parseRouteTree(tree: string): RegisteredRoute[] {
  const stack: string[] = [];
  const out: RegisteredRoute[] = [];
  for (const line of tree.split("\n")) {
    const match = LINE.exec(line);
    if (!match?.groups) continue;
    const depth = (match.groups.indent ?? "").length / 4;
    stack.length = depth;
    const parent = stack.join("");
    // A wildcard child prints as `*` under its parent's static segment (`/files` → `/files/*`).
    const segment =
      match.groups.segment?.startsWith("*") && !parent.endsWith("/")
        ? `/${match.groups.segment}`
        : (match.groups.segment ?? "");
    const url = `${parent}${segment}`;
    stack.push(segment);
    for (const method of (match.groups.methods ?? "").split(", ").filter(Boolean)) out.push({ method, url });
  }
  return out;
}
