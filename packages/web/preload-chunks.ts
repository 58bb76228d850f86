// A build step: `<link rel="modulepreload">` in index.html for chunks that the app imports dynamically but needs on
// its first screen (the highlighter), so the browser fetches them with the page instead of after the first render.
import type { Plugin } from "vite";

/** The Vite plugin adding a modulepreload link for each dynamic chunk whose name is in `names`. */
export function preloadChunks(names: readonly string[]): Plugin {
  return {
    name: "modelhub-preload-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output) => output.type === "chunk" && output.isDynamicEntry && names.includes(output.name),
        );
        return chunks.map((chunk) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
