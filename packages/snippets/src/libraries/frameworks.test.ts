// The branch rules of the "frameworks" snippets, asserted directly; each case reads as an example of use.
import { describe, expect, it } from "vitest";
import type { ModelRecord } from "../model.js";
import {
  aneforge,
  chronosForecasting,
  contexttab,
  cortiq,
  kerasHub,
  lerobot,
  litertLm,
  llamaCppPython,
  memra,
  mlx,
  mobilint,
  sapRpt1Oss,
  sklearn,
  stableBaselines3,
  swarmformer,
  unitySentis,
  zeromodels,
} from "./frameworks.js";
import { snippetLanguage } from "./snippet-language.js";

/** A record with the given id and extra fields. */
function record(id: string, extra: Partial<ModelRecord> = {}): ModelRecord {
  return { id, tags: [], ...extra };
}

/** A file list from plain names. */
function files(...names: string[]): ModelRecord["siblings"] {
  return names.map((rfilename) => ({ rfilename }));
}

describe("keras-hub", () => {
  it("writes one snippet per task class, then the backbone", () => {
    const snippets = kerasHub(record("keras/gemma_2b_en", { config: { keras_hub: { tasks: ["CausalLM"] } } }));
    expect(snippets).toHaveLength(3);
    expect(snippets[1]).toContain(`task = keras_hub.models.CausalLM.from_preset("hf://keras/gemma_2b_en")`);
    expect(snippets[2]).toContain(`keras_hub.models.Backbone.from_preset("hf://keras/gemma_2b_en")`);
  });

  it("skips task names that are not Python identifiers, and repeats", () => {
    const tasks = ["TextClassifier", "Text Classifier", "os.system('x')", "class", "TextClassifier"];
    const code = kerasHub(record("keras/bert", { config: { keras_hub: { tasks } } })).join("\n");
    expect(code.match(/keras_hub\.models\.\w+\.from_preset/g)).toEqual([
      "keras_hub.models.TextClassifier.from_preset",
      "keras_hub.models.Backbone.from_preset",
    ]);
  });

  it("gives only the backbone when the config lists no tasks (or not as a list)", () => {
    const notAList = { keras_hub: { tasks: "CausalLM" as unknown as string[] } };
    for (const config of [undefined, notAList]) {
      const snippets = kerasHub(record("keras/resnet_50_imagenet", { config }));
      expect(snippets).toHaveLength(2);
      expect(snippets[1]).toContain("keras_hub.models.Backbone.from_preset");
    }
  });

  it("never reads inherited object members for task names such as constructor", () => {
    const code = kerasHub(record("keras/x", { config: { keras_hub: { tasks: ["constructor"] } } })).join("\n");
    expect(code).not.toContain("native code");
  });
});

describe("sklearn", () => {
  it("uses the joblib convention when the model has no sklearn config", () => {
    const [code] = sklearn(record("sklearn-docs/anomaly-detection"));
    expect(code).toContain(`joblib.load(hf_hub_download("sklearn-docs/anomaly-detection", "sklearn_model.joblib"))`);
  });

  it("loads skops files with skops.io and explicit trusted types", () => {
    const config = { sklearn: { model: { file: "model.skops" }, model_format: "skops" } };
    const [code] = sklearn(record("acme/clf", { config }));
    expect(code).toContain(`path = hf_hub_download("acme/clf", "model.skops")`);
    expect(code).toContain("model = load(path, trusted=untrusted_types)");
  });

  it("unpickles the configured file when the format is pickle", () => {
    const config = { sklearn: { model: { file: "model.pkl" }, model_format: "pickle" } };
    expect(sklearn(record("acme/clf", { config }))[0]).toContain(
      `joblib.load(hf_hub_download("acme/clf", "model.pkl"))`,
    );
  });

  it("says the file name is missing for a skops-tagged model without sklearn config, instead of guessing one", () => {
    const [code] = sklearn(record("acme/skops-clf", { tags: ["skops", "sklearn"] }));
    expect(code?.split("\n")[0]).toBe("# Model filename not specified in config.json");
    expect(code).not.toContain("sklearn_model.joblib");
  });

  it("says so when the config names no file", () => {
    const [code] = sklearn(record("acme/clf", { config: { sklearn: { model_format: "skops" } } }));
    expect(code?.split("\n")[0]).toBe("# Model filename not specified in config.json");
  });
});

describe("contexttab and sap-rpt-1-oss", () => {
  it("use a context of 2048 rows and no bagging", () => {
    for (const fn of [contexttab, sapRpt1Oss]) {
      const code = fn(record("SAP/contexttab")).join("\n");
      expect(code).toContain("MAX_CONTEXT_SIZE = 2048");
      expect(code).toContain("BAGGING = 1");
      expect(code).toContain("(max_context_size=MAX_CONTEXT_SIZE, bagging=BAGGING)");
    }
  });

  it("fit a regressor for tabular-regression models", () => {
    const code = contexttab(record("acme/housing", { pipeline_tag: "tabular-regression" })).join("\n");
    expect(code).toContain("regressor = ConTextTabRegressor(");
    expect(sapRpt1Oss(record("SAP/sap-rpt-1-oss")).join("\n")).toContain("clf = SAP_RPT_OSS_Classifier(");
  });
});

describe("mlx", () => {
  it("runs language models with mlx_lm.generate", () => {
    const snippets = mlx(record("mlx-community/Mistral-7B-v0.3-4bit", { tags: ["mlx"] }));
    expect(snippets[1]).toMatch(/^mlx_lm\.generate --model 'mlx-community\/Mistral-7B-v0\.3-4bit' /);
    expect(snippets).toHaveLength(2);
  });

  it("adds the Python chat API for conversational models", () => {
    const snippets = mlx(record("mlx-community/Llama-3.2-1B-Instruct-4bit", { tags: ["mlx", "conversational"] }));
    expect(snippets[2]).toContain("tokenizer.apply_chat_template(messages, add_generation_prompt=True)");
  });

  it("runs vision-language models with mlx-vlm", () => {
    const snippets = mlx(record("mlx-community/Qwen2-VL-2B-Instruct-4bit", { pipeline_tag: "image-text-to-text" }));
    expect(snippets[1]).toContain("python -m mlx_vlm.generate --model 'mlx-community/Qwen2-VL-2B-Instruct-4bit'");
  });
});

describe("llama-cpp-python", () => {
  it("prefers a listed Q4_K_M file and skips vision projectors", () => {
    const siblings = files("mmproj-model-Q4_K_M.gguf", "model-Q8_0.gguf", "model-Q4_K_M.gguf");
    const [code] = llamaCppPython(record("acme/model-GGUF", { siblings }));
    expect(code).toContain(`filename="model-Q4_K_M.gguf",`);
  });

  it("escapes the file name it writes into the code", () => {
    const [code] = llamaCppPython(record("acme/model-GGUF", { siblings: files(`odd "name".gguf`) }));
    expect(code).toContain(`filename="odd \\"name\\".gguf",`);
  });

  it("falls back to a glob when the record lists no files", () => {
    expect(llamaCppPython(record("acme/model-GGUF"))[0]).toContain(`filename="*Q4_K_M.gguf",`);
  });

  it("asks chat models through the chat completion API", () => {
    const [code] = llamaCppPython(record("acme/model-GGUF", { tags: ["conversational"] }));
    expect(code).toContain("llm.create_chat_completion(");
  });
});

describe("unity-sentis", () => {
  it("downloads the model from the shell or Python and writes no C#", () => {
    const snippets = unitySentis(record("unity/sentis-YOLOv8n"));
    expect(snippets.map(snippetLanguage)).toEqual(["sh", "python"]);
    expect(snippets[0]).toContain("hf download 'unity/sentis-YOLOv8n' --local-dir 'checkpoints'");
    expect(snippets.join("\n")).not.toMatch(/using |ModelLoader\.Load\(/);
  });
});

describe("stable-baselines3", () => {
  it("loads the checkpoint with the algorithm its RL Zoo name starts with", () => {
    const [code] = stableBaselines3(record("sb3/ppo-CartPole-v1", { siblings: files("ppo-CartPole-v1.zip") }));
    expect(code).toContain("model = PPO.load(checkpoint)");
    expect(code).toContain(`env = gym.make("CartPole-v1")`);
  });

  it("imports contrib algorithms from sb3_contrib", () => {
    expect(stableBaselines3(record("sb3/tqc-Humanoid-v3"))[0]).toContain("from sb3_contrib import TQC");
  });

  it("says so when the name gives no algorithm", () => {
    const [code] = stableBaselines3(record("student/agent"));
    expect(code).toContain("# The file name does not say which algorithm trained the model");
    expect(code).not.toContain("gym.make");
  });
});

describe("lerobot", () => {
  it("uses the policy class of the policy-type tag", () => {
    const code = lerobot(record("lerobot/smolvla_base", { tags: ["lerobot", "smolvla"] })).join("\n");
    expect(code).toContain("from lerobot.policies.smolvla.modeling_smolvla import SmolVLAPolicy");
  });

  it("lets the factory pick the class when no tag names the type", () => {
    expect(lerobot(record("acme/policy")).join("\n")).toContain("get_policy_class(config.type)");
  });
});

describe("chronos-forecasting", () => {
  it("forecasts a data frame with Chronos-2 and a tensor otherwise", () => {
    const chronos2 = record("amazon/chronos-2", { config: { architectures: ["Chronos2Model"] } });
    expect(chronosForecasting(chronos2)[0]).toContain("pipeline.predict_df(");
    expect(chronosForecasting(record("amazon/chronos-bolt-small"))[0]).toContain("pipeline.predict_quantiles(");
  });
});

describe("task-driven loaders", () => {
  it("zeromodels picks the task loader, and ignores inherited names", () => {
    const classify = record("zeromodels/vit", { pipeline_tag: "image-classification" });
    expect(zeromodels(classify)[1]).toContain("AutoZMImageClassify.from_weights(");
    expect(zeromodels(record("zeromodels/x", { pipeline_tag: "constructor" }))[1]).toContain(
      "AutoZModel.from_weights(",
    );
  });

  it("mobilint builds the task's pipeline, or the auto class", () => {
    const asr = mobilint(record("mobilint/whisper-small", { pipeline_tag: "automatic-speech-recognition" }));
    expect(asr[1]).toContain(`pipe = pipeline("automatic-speech-recognition", model="mobilint/whisper-small")`);
    expect(mobilint(record("mobilint/resnet50"))[1]).toContain("AutoModel.from_pretrained(");
  });

  it("aneforge embeds with sentence encoders and generates with LLMs", () => {
    const encoder = record("sentence-transformers/all-MiniLM-L6-v2", { pipeline_tag: "sentence-similarity" });
    expect(aneforge(encoder)[1]).toContain("embed = af.load(");
    expect(aneforge(record("Qwen/Qwen3-0.6B"))[1]).toContain("model = af.load_llm(");
  });

  it("swarmformer matches the checkpoint's size", () => {
    expect(swarmformer(record("takara-ai/SwarmFormer-Sentiment-Small"))[0]).toContain(`MODEL_CONFIGS["small"]`);
    expect(swarmformer(record("takara-ai/SwarmFormer-Sentiment-Base"))[0]).toContain(`MODEL_CONFIGS["base"]`);
  });
});

describe("runtimes that run a listed file", () => {
  it("litert-lm runs a listed bundle from the hub, else the downloaded one", () => {
    const listed = litertLm(record("litert-community/gemma", { siblings: files("gemma.litertlm") }));
    expect(listed[0]).toContain("litert-lm run --from-huggingface-repo='litert-community/gemma' 'gemma.litertlm'");
    expect(litertLm(record("litert-community/gemma"))[0]).toContain("litert-lm run checkpoints/*.litertlm");
  });

  it("cortiq quotes the file name it downloads and runs", () => {
    const [code] = cortiq(record("infosave/x", { siblings: files("it's $(odd).cmf") }));
    expect(code).toContain(`cortiq run 'checkpoints/it'\\''s $(odd).cmf'`);
  });

  it("memra serves the listed GGUF and requests it with 4-space JSON", () => {
    const snippets = memra(record("acme/model-GGUF", { siblings: files("model.gguf") }));
    expect(snippets[1]).toContain("export MEMRA_MODELS='local=checkpoints/model.gguf'");
    expect(snippets[2]).toContain(`-d '{\n    "model": "local",`);
  });
});
