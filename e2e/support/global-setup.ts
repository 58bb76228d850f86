import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT, WEB_DIST } from "./paths";

/**
 * The browser tests need the web app's production build. `npm install` builds it (root `prepare`);
 * when it is missing (a fresh checkout that skipped scripts), build it once here.
 */
export default function setup(): void {
  if (existsSync(join(WEB_DIST, "index.html"))) return;
  process.stdout.write("e2e: packages/web/dist is missing; building the web app\n");
  execFileSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: join(ROOT, "packages/web"),
    stdio: "inherit",
  });
}
