import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The server serves dist/ at `/`; in development the API is proxied to a locally running hub.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
