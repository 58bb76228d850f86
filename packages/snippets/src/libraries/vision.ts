// Load snippets of the "vision" family of libraries; one exported function per registry key.
// The functions live in one file per kind of library; this file only gathers them for the registry.
export { araclip, mlxImage, openClip, perceptionEncoder, timm } from "./vision-classification.js";
export { collectorvision, lvface, ultralytics, yolov10 } from "./vision-detection.js";
export { htrflow, paddleOcr } from "./vision-documents.js";
export { ben2, birefnet, depthAnythingV2, depthPro, matanyone, nobg } from "./vision-matting.js";
export { colipri, cxrFoundation, dermFoundation } from "./vision-medical.js";
export { opendde, terratorch, videoprism } from "./vision-science.js";
export { sam2, sam3dBody, sam3dObjects } from "./vision-segmentation.js";
