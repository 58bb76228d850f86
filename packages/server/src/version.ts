import { readFileSync } from "node:fs";

/** The server package's version (read from package.json, one level above both src/ and dist/). */
export function serverVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
