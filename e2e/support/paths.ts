import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The web app's production build, served by the hub at `/`. */
export const WEB_DIST = fileURLToPath(new URL("../../packages/web/dist/", import.meta.url));

/** Where test artefacts go (gitignored). */
export const TEST_RESULTS = fileURLToPath(new URL("../../test-results/", import.meta.url));
