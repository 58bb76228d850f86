// Load snippets of the "generation" family of libraries; one exported function per registry key, grouped by
// subfamily in the generation-*.ts files.
export { gaussianformer, meshAnything, renderformer, threeDTopiaXl } from "./generation-3d.js";
export { diffusers } from "./generation-diffusers.js";
export { diffusionkit, prunaAi, sana } from "./generation-diffusion.js";
export { describeAnything, seedStory, univa } from "./generation-multimodal.js";
export { flexray, jevStyle, kernels, mambaSsm, pxia, saelens } from "./generation-packages.js";
export { ltx, phantomWan, vfiMamba } from "./generation-video.js";
