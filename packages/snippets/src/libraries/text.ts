// Load snippets of the "text" family of libraries; one exported function per registry key.
export {};
