// Load snippets of the "generation" family of libraries; one exported function per registry key.
export {};
