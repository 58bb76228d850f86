// The branch rules of the "generation" snippets, one example each.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import {
  describeAnything,
  diffusers,
  diffusionkit,
  jevStyle,
  kernels,
  ltx,
  mambaSsm,
  phantomWan,
  prunaAi,
  pxia,
  saelens,
  sana,
  vfiMamba,
} from "./generation.js";
import { BASE_MODEL_PLACEHOLDER, diffusersBaseModel } from "./generation-diffusers.js";

function model(id: string, library: string, extra: Partial<ModelRecord> = {}): ModelRecord {
  return { id, library_name: library, tags: [library], ...extra };
}

function files(...paths: string[]): ModelRecord["siblings"] {
  return paths.map((rfilename) => ({ rfilename }));
}

describe("pruna-ai", () => {
  it("loads with pruna and PrunaModel by default", () => {
    const [install, code] = prunaAi(model("PrunaAI/FLUX.1-dev-smashed", "pruna-ai"));
    expect(install).toBe("pip install -U pruna");
    expect(code).toContain("from pruna import PrunaModel");
    expect(code).toContain(`PrunaModel.from_pretrained("PrunaAI/FLUX.1-dev-smashed")`);
    expect(code).not.toContain("pruna_pro");
  });

  it("switches package and class everywhere with the pro tag", () => {
    const pro = model("PrunaAI/FLUX.1-dev-smashed-pro", "pruna-ai", { tags: ["pruna-ai", "pruna_pro-ai"] });
    const [install, code] = prunaAi(pro);
    expect(install).toBe("pip install -U pruna_pro");
    expect(code).toContain("from pruna_pro import PrunaProModel");
    expect(code).toContain(`PrunaProModel.from_pretrained("PrunaAI/FLUX.1-dev-smashed-pro")`);
    expect(code).not.toMatch(/\bPrunaModel\b|from pruna import/);
  });
});

describe("diffusionkit", () => {
  it("gives FLUX models (told by id) 4 steps and no guidance", () => {
    const code = diffusionkit(model("argmaxinc/mlx-FLUX.1-schnell", "diffusionkit")).join("\n");
    expect(code).toContain("pipeline = FluxPipeline(");
    expect(code).toContain("NUM_STEPS = 4\nCFG_WEIGHT = 0.0");
    expect(code).toContain("HEIGHT = 512\nWIDTH = 512");
  });

  it("tells FLUX models by their tag too", () => {
    const code = diffusionkit(model("acme/schnell-mlx", "diffusionkit", { tags: ["diffusionkit", "flux"] })).join();
    expect(code).toContain("NUM_STEPS = 4");
  });

  it("gives other models 50 steps and CFG weight 5", () => {
    const code = diffusionkit(model("argmaxinc/mlx-stable-diffusion-3-medium", "diffusionkit")).join("\n");
    expect(code).toContain("pipeline = DiffusionPipeline(");
    expect(code).toContain("NUM_STEPS = 50\nCFG_WEIGHT = 5.0");
  });
});

describe("sana", () => {
  it("uses size 1024, guidance 5.0, PAG guidance 2.0 and 18 steps", () => {
    const code = sana(model("Efficient-Large-Model/Sana_1600M_1024px", "sana")).join("\n");
    for (const arg of ["height=1024", "width=1024", "guidance_scale=5.0", "pag_guidance_scale=2.0"]) {
      expect(code).toContain(arg);
    }
    expect(code).toContain("num_inference_steps=18");
  });

  it("picks the config by model size and the checkpoint from the model files", () => {
    const large = sana(model("Efficient-Large-Model/Sana_1600M_1024px", "sana")).join("\n");
    expect(large).toContain("Sana_1600M_img1024.yaml");
    expect(large).toContain(`"hf://Efficient-Large-Model/Sana_1600M_1024px/checkpoints/Sana_1600M_1024px.pth"`);
    const small = model("acme/Sana_600M", "sana", { siblings: files("weights/sana-600m-ft.pth") });
    const code = sana(small).join("\n");
    expect(code).toContain("Sana_600M_img1024.yaml");
    expect(code).toContain(`"hf://acme/Sana_600M/weights/sana-600m-ft.pth"`);
  });
});

describe("diffusers", () => {
  it("calls the pipeline for the model's task", () => {
    const call = (pipeline_tag: string) => diffusers(model("acme/m", "diffusers", { pipeline_tag }))[1];
    expect(call("text-to-image")).toContain("image = pipe(prompt).images[0]");
    expect(call("image-to-image")).toContain("pipe(image=input_image, prompt=prompt)");
    expect(call("text-to-video")).toContain(`export_to_video(frames, "output.mp4")`);
    expect(call("image-to-video")).toContain("from diffusers.utils import export_to_video, load_image");
    expect(call("unconditional-image-generation")).toContain("image = pipe().images[0]");
    expect(call("text-to-audio")).toContain("\n# Unknown pipeline tag\n");
  });

  it("tells inpainting apart from image-to-image by tag or pipeline class", () => {
    const byTag = model("acme/m", "diffusers", { pipeline_tag: "image-to-image", tags: ["inpainting"] });
    expect(diffusers(byTag)[1]).toContain("mask_image=mask_image");
    const byClass = model("acme/m", "diffusers", { config: { diffusers: { _class_name: "FluxFillInpaintPipeline" } } });
    expect(diffusers(byClass)[1]).toContain("mask_image=mask_image");
  });

  it("uses the widget text as the prompt, escaped", () => {
    const code = diffusers(model("acme/m", "diffusers", { widgetData: [{ text: 'a "quoted"\nprompt' }] }))[1];
    expect(code).toContain(`prompt = "a \\"quoted\\"\\nprompt"`);
  });

  it("loads a LoRA on top of its base model", () => {
    const tags = ["lora", "base_model:finetune:org/other", "base_model:adapter:org/base"];
    const [install, code] = diffusers(model("acme/lora", "diffusers", { tags }));
    expect(install).toContain("peft");
    expect(code).toContain(`DiffusionPipeline.from_pretrained("org/base", `);
    expect(code).toContain(`pipe.load_lora_weights("acme/lora")`);
  });

  it("says so when an adapter names no base model", () => {
    const code = diffusers(model("acme/lora", "diffusers", { tags: ["lora"] }))[1];
    expect(code).toContain("# Base model is not found.\n");
    expect(code).toContain(`from_pretrained("${BASE_MODEL_PLACEHOLDER}", `);
  });

  it("loads textual inversions and ControlNets with their base model", () => {
    const base = "base_model:stable-diffusion-v1-5/stable-diffusion-v1-5";
    const ti = diffusers(model("acme/ti", "diffusers", { tags: ["textual_inversion", base] }))[1];
    expect(ti).toContain(`pipe.load_textual_inversion("acme/ti")`);
    const cn = diffusers(model("acme/cn", "diffusers", { tags: ["controlnet", base] }))[1];
    expect(cn).toContain(`ControlNetModel.from_pretrained("acme/cn"`);
    expect(cn).toContain(`from_pretrained("stable-diffusion-v1-5/stable-diffusion-v1-5", controlnet=controlnet`);
  });

  it("reads the base model from the plain tag when there is no adapter tag", () => {
    expect(
      diffusersBaseModel(model("a/b", "diffusers", { tags: ["base_model:quantized:x/q", "base_model:x/y"] })),
    ).toBe("x/y");
    expect(diffusersBaseModel(model("a/b", "diffusers"))).toBeUndefined();
  });
});

describe("repository-based video snippets", () => {
  it("LTX-2 downloads the distilled checkpoint and x2 upscaler the repository lists", () => {
    const siblings = files(
      "ltx-2-19b-distilled-lora-384.safetensors",
      "ltx-2-19b-distilled.safetensors",
      "ltx-2-spatial-upscaler-x1.5-1.0.safetensors",
      "ltx-2-spatial-upscaler-x2-1.0.safetensors",
    );
    const code = ltx(model("Lightricks/LTX-2", "ltx", { siblings }))[0];
    expect(code).toContain("--distilled-checkpoint-path 'checkpoints/ltx-2-19b-distilled.safetensors'");
    expect(code).toContain("--spatial-upsampler-path 'checkpoints/ltx-2-spatial-upscaler-x2-1.0.safetensors'");
    expect(code).not.toContain("# File names of the LTX-2.3 release");
    expect(ltx(model("acme/ltx-finetune", "ltx"))[0]).toContain("# File names of the LTX-2.3 release");
  });

  it("Phantom runs the 14B task when the repository only holds 14B weights", () => {
    const only14B = model("acme/phantom", "phantom-wan", {
      siblings: files("Phantom_Wan_14B-00001-of-00002.safetensors"),
    });
    expect(phantomWan(only14B)[0]).toContain("--task s2v-14B");
    expect(phantomWan(model("acme/phantom", "phantom-wan"))[0]).toContain("--task s2v-1.3B");
  });

  it("VFIMamba configures the wider model for the full checkpoint", () => {
    const full = model("acme/vfi", "vfi-mamba", { siblings: files("ckpt/VFIMamba.pkl") });
    expect(vfiMamba(full)[1]).toContain("cfg.init_model_config(F=32, depth=[2, 2, 2, 3, 3])");
    expect(vfiMamba(model("acme/vfi", "vfi-mamba"))[1]).not.toContain("init_model_config");
  });
});

describe("packages loading from the hub", () => {
  it("kernels loads with get_kernel", () => {
    expect(kernels(model("kernels-community/activation", "kernels"))[1]).toContain(
      `kernel = get_kernel("kernels-community/activation", version=1)`,
    );
  });

  it("mamba-ssm uses the repository's tokenizer when it has one, else GPT-NeoX", () => {
    expect(mambaSsm(model("state-spaces/mamba-130m", "mamba-ssm"))[1]).toContain(`"EleutherAI/gpt-neox-20b"`);
    const chat = model("havenhq/mamba-chat", "mamba-ssm", { siblings: files("tokenizer.json") });
    expect(mambaSsm(chat)[1]).toContain(`AutoTokenizer.from_pretrained("havenhq/mamba-chat")`);
  });

  it("SAELens takes the SAE folder from the files, else leaves the library's placeholder", () => {
    const repo = model("acme/saes", "saelens", { siblings: files("blocks.8.hook_resid_pre/cfg.json") });
    expect(saelens(repo)[1]).toContain(`SAE.from_pretrained("acme/saes", "blocks.8.hook_resid_pre", device=device)`);
    expect(saelens(model("acme/saes", "saelens"))[1]).toContain(`"<sae_id>"`);
  });

  it("pxia uses the class its tag names, else AutoModel", () => {
    expect(pxia(model("phxia/gpt2", "pxia", { tags: ["pxia", "gpt2"] }))[1]).toContain("GPT2.from_pretrained(");
    expect(pxia(model("acme/x", "pxia"))[1]).toContain("AutoModel.from_pretrained(");
  });

  it("jev-style installs the MLX extra for MLX builds and asks GGUF builds for a quantization", () => {
    expect(jevStyle(model("o/Jev-Style-0.8B-Decision-v3-MLX", "jev-style"))[0]).toContain(`"jev-style[mlx]"`);
    expect(jevStyle(model("o/Jev-Style-2B-Decision-v3-GGUF", "jev-style"))[1]).toContain(`quant="Q4_K_M"`);
  });

  it("Describe Anything passes frame lists to video checkpoints", () => {
    expect(describeAnything(model("nvidia/DAM-3B-Video", "describe-anything"))[1]).toContain("    frames,\n    masks,");
    expect(describeAnything(model("nvidia/DAM-3B", "describe-anything"))[1]).toContain("    image,\n    mask,");
  });
});
