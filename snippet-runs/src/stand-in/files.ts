// The file hosts (generated images, audio and video by URL) and the hub's model-info route.
import type { ModelRecord } from "@modelhub/snippets";
import { FLAC_OUT, MP4_OUT, PNG } from "../media.js";
import { bytes, json, type Reply } from "./exchange.js";

/** `/r<run>/<name>.<ext>` on a file host: the generated file; null for other paths. */
export function fileReply(path: string): Reply | null {
  const match = /^\/r\d+\/[\w-]+\.(png|flac|mp4)$/.exec(path);
  if (!match) return null;
  const ext = match[1];
  return ext === "png"
    ? bytes(PNG, "image/png")
    : ext === "flac"
      ? bytes(FLAC_OUT, "audio/flac")
      : bytes(MP4_OUT, "video/mp4");
}

/** `GET /api/models/<ns>/<name>`: the model's info with its provider mapping, as the hub clients read it. */
export function hubModelInfo(path: string, models: ReadonlyMap<string, ModelRecord>): Reply | null {
  const match = /^\/api\/models\/([^/]+\/[^/]+)$/.exec(path);
  const model = match ? models.get(decodeURIComponent(match[1]!)) : undefined;
  if (!model) return null;
  return json({
    _id: model.id,
    id: model.id,
    modelId: model.id,
    pipeline_tag: model.pipeline_tag,
    library_name: model.library_name,
    tags: model.tags,
    inferenceProviderMapping: model.inferenceProviderMapping ?? {},
  });
}
