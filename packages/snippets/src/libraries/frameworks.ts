// Load snippets of the "frameworks" family of libraries; one exported function per registry key.
// The functions live in one file per sub-family; this file only gathers them for the registry.
export { lerobot, mlAgents, sampleFactory, stableBaselines3, unitySentis } from "./frameworks-agents.js";
export { aneforge, cortiq, memra, mobilint } from "./frameworks-engines.js";
export { anemoi, chronosForecasting, routeePowertrain } from "./frameworks-forecasting.js";
export { keras, kerasHub, tfKeras, zeromodels } from "./frameworks-keras.js";
export { litertLm, llamaCppPython, mlx } from "./frameworks-llm.js";
export { fastai, pythae, swarmformer } from "./frameworks-pytorch.js";
export { contexttab, flextab, sapRpt1Oss, sklearn } from "./frameworks-tabular.js";
