// Load snippets of the "frameworks" family of libraries; one exported function per registry key.
export {};
