// The branch rules of the "vision" snippets, asserted directly: each test reads as an example of use.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import {
  depthAnythingV2,
  htrflow,
  lvface,
  openClip,
  paddleOcr,
  sam2,
  terratorch,
  timm,
  ultralytics,
} from "./vision.js";
import { LVFACE_DOWNLOAD_TIMEOUT_S, yoloClass } from "./vision-detection.js";

function record(library: string, extra: Partial<ModelRecord> = {}): ModelRecord {
  return { id: "acme/demo-model", library_name: library, tags: [library], ...extra };
}

/** All snippets of a model as one text, for substring checks. */
function text(snippets: string[]): string {
  return snippets.join("\n");
}

describe("ultralytics: the YOLO class comes from the yolovN tag", () => {
  it("turns the tag yolov8 into the class YOLOv8, never YOLOvv8", () => {
    const code = text(ultralytics(record("ultralytics", { tags: ["ultralytics", "yolov8"] })));
    expect(code).toContain("from ultralytics import YOLOv8\n");
    expect(code).toContain('model = YOLOv8.from_pretrained("acme/demo-model")');
    expect(code).not.toContain("YOLOvv");
    expect(code).not.toContain("YOLOvXX");
  });

  it("keeps every digit of the version", () => {
    expect(yoloClass(record("ultralytics", { tags: ["yolov11"] }))).toBe("YOLOv11");
  });

  it("uses a placeholder class and asks for the version when no tag is yolov + digits", () => {
    for (const tags of [["ultralytics"], ["yolo"], ["yolov8n"], ["YOLOv8"], ["yolov"]]) {
      const model = record("ultralytics", { tags });
      expect(yoloClass(model), tags.join()).toBeUndefined();
      const code = text(ultralytics(model));
      expect(code).toContain("# Replace YOLOvXX with the YOLO version of this model, e.g. YOLOv8");
      expect(code).toContain("from ultralytics import YOLOvXX");
    }
  });
});

describe("lvface: large ONNX downloads get a 300 s server timeout", () => {
  it("exports the timeout before downloading", () => {
    expect(LVFACE_DOWNLOAD_TIMEOUT_S).toBe(300);
    const [download] = lvface(record("lvface"));
    expect(download).toMatch(/export HF_HUB_DOWNLOAD_TIMEOUT=300\nhf download 'acme\/demo-model'/);
  });

  it("loads the first ONNX file of the repository, or asks for one", () => {
    const withFile = record("lvface", { siblings: [{ rfilename: "README.md" }, { rfilename: "LVFace-T/model.onnx" }] });
    expect(text(lvface(withFile))).toContain('model_path="checkpoints/LVFace-T/model.onnx"');
    expect(text(lvface(record("lvface")))).toContain("# Set model_path to one of the .onnx files downloaded above");
  });
});

describe("timm and open_clip: the pipeline tag picks classification or embeddings", () => {
  it("timm classifies images by default and returns embeddings for feature extraction", () => {
    const classifier = text(timm(record("timm", { pipeline_tag: "image-classification" })));
    expect(classifier).toContain('timm.create_model("hf_hub:acme/demo-model", pretrained=True)');
    expect(classifier).toContain("torch.topk(output.softmax(dim=1) * 100, k=5)");
    const embedder = text(timm(record("timm", { pipeline_tag: "image-feature-extraction" })));
    expect(embedder).toContain('timm.create_model("hf_hub:acme/demo-model", pretrained=True, num_classes=0)');
    expect(embedder).not.toContain("topk");
  });

  it("open_clip scores the widget's candidate labels, or only embeds images for feature extraction", () => {
    const zeroShot = text(
      openClip(
        record("open_clip", {
          pipeline_tag: "zero-shot-image-classification",
          widgetData: [{ candidate_labels: "a red car, a blue bike" }],
        }),
      ),
    );
    expect(zeroShot).toContain('labels = ["a red car", "a blue bike"]');
    expect(zeroShot).toContain('open_clip.get_tokenizer("hf-hub:acme/demo-model")');
    const features = text(openClip(record("open_clip", { pipeline_tag: "feature-extraction" })));
    expect(features).toContain("model.encode_image(image, normalize=True)");
    expect(features).not.toContain("tokenizer");
  });
});

describe("sam2: the pipeline tag picks the image or the video predictor", () => {
  it("shows the image predictor for mask generation", () => {
    const code = text(sam2(record("sam2", { pipeline_tag: "mask-generation" })));
    expect(code).toContain('SAM2ImagePredictor.from_pretrained("acme/demo-model")');
    expect(code).not.toContain("SAM2VideoPredictor");
  });

  it("shows the video predictor for video tasks", () => {
    const code = text(sam2(record("sam2", { pipeline_tag: "video-classification" })));
    expect(code).toContain('SAM2VideoPredictor.from_pretrained("acme/demo-model")');
    expect(code).not.toContain("SAM2ImagePredictor");
  });

  it("shows both when the pipeline tag does not tell", () => {
    const snippets = sam2(record("sam2"));
    expect(snippets).toHaveLength(3);
    expect(text(snippets)).toContain("SAM2ImagePredictor");
    expect(text(snippets)).toContain("SAM2VideoPredictor");
  });
});

describe("models whose kind the record does not tell", () => {
  it("PaddleOCR states the spec's fallback text and still downloads the model", () => {
    const code = text(paddleOcr(record("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL" })));
    expect(code).toContain("# Type of model unknown.\n");
    expect(code).toContain('snapshot_download("PaddlePaddle/PaddleOCR-VL", local_dir="checkpoints")');
  });

  it("PaddleOCR picks the module from the task tag, then from the name", () => {
    const tagged = record("PaddleOCR", { id: "PaddlePaddle/PP-OCRv5_server_det", tags: ["textline_detection"] });
    expect(text(paddleOcr(tagged))).toContain('TextDetection(model_name="PP-OCRv5_server_det")');
    const named = record("PaddleOCR", { id: "acme/en_PP-OCRv5_mobile_rec" });
    expect(text(paddleOcr(named))).toContain('model_dir = snapshot_download("acme/en_PP-OCRv5_mobile_rec")');
  });

  it("htrflow states the fallback text and reads text lines", () => {
    const code = text(htrflow(record("htrflow")));
    expect(code).toContain("# Type of model unknown. It is used here as a text recognition model.");
    expect(code).toContain('"step": "TextRecognition"');
    expect(text(htrflow(record("htrflow", { pipeline_tag: "object-detection" })))).toContain('"step": "Segmentation"');
  });
});

describe("models loaded from the local download directory", () => {
  it("depth-anything-v2 reads the encoder from the checkpoint file, then from the id", () => {
    const small = record("depth-anything-v2", { siblings: [{ rfilename: "depth_anything_v2_vits.pth" }] });
    expect(text(depthAnythingV2(small))).toContain('torch.load("checkpoints/depth_anything_v2_vits.pth"');
    const base = record("depth-anything-v2", { id: "depth-anything/Depth-Anything-V2-Base" });
    expect(text(depthAnythingV2(base))).toContain('encoder="vitb", features=128');
    expect(text(depthAnythingV2(record("depth-anything-v2")))).toContain("vitl assumed");
  });

  it("terratorch runs a fine-tuned model with its own config and checkpoint files", () => {
    const model = record("terratorch", { siblings: [{ rfilename: "config.yaml" }, { rfilename: "best.ckpt" }] });
    expect(text(terratorch(model))).toContain("-c 'checkpoints/config.yaml' --ckpt_path 'checkpoints/best.ckpt'");
  });
});
