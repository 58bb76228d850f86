import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";
import { preloadChunks } from "./preload-chunks";

// The server serves dist/ at `/`; in development the API is proxied to a locally running hub.
export default defineConfig({
  plugins: [react(), preloadChunks(["highlight"]), precompress()],
  build: { outDir: "dist", emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
