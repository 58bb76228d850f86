// Load snippets of the "audio" family of libraries; one exported function per registry key.
export {};
