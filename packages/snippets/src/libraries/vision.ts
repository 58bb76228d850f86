// Load snippets of the "vision" family of libraries; one exported function per registry key.
export {};
