// Load snippets of the agent libraries: reinforcement learning (SB3, Sample Factory, ML-Agents, Sentis) and robotics.

import { lines, pyStr, shComment, shQuote } from "../code/index.js";
import { type Hole, template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { ownEntry, repoName } from "../model-readers.js";
import { hfDownloadPy, hfDownloadSh, LOCAL_DOWNLOAD_DIR, pipInstall } from "./common.js";
import { pickRepoFile } from "./frameworks-files.js";

/** Where a Stable-Baselines3 algorithm class is imported from. */
interface Sb3Algorithm {
  /** `stable_baselines3` or `sb3_contrib`. */
  module: string;
  /** The class whose `load` reads the checkpoint. */
  cls: string;
}

// The RL Zoo names checkpoints `<algo>-<env>.zip`; the prefix picks the class to load them with.
const SB3_ALGORITHMS: Readonly<Record<string, Sb3Algorithm>> = {
  a2c: { module: "stable_baselines3", cls: "A2C" },
  ars: { module: "sb3_contrib", cls: "ARS" },
  ddpg: { module: "stable_baselines3", cls: "DDPG" },
  dqn: { module: "stable_baselines3", cls: "DQN" },
  ppo: { module: "stable_baselines3", cls: "PPO" },
  ppo_lstm: { module: "sb3_contrib", cls: "RecurrentPPO" },
  qrdqn: { module: "sb3_contrib", cls: "QRDQN" },
  sac: { module: "stable_baselines3", cls: "SAC" },
  td3: { module: "stable_baselines3", cls: "TD3" },
  tqc: { module: "sb3_contrib", cls: "TQC" },
  trpo: { module: "sb3_contrib", cls: "TRPO" },
};
const SB3_DEFAULT_ALGORITHM = "ppo";
const SB3_CHECKPOINT_EXTENSION = ".zip";

/** The SB3 snippet's lines with holes for the id, file and environment literals (no environment: none tried). */
function sb3Lines(algorithm: Sb3Algorithm, known: boolean, id: Hole, file: Hole, env?: Hole): string {
  const tryEnv = env !== undefined;
  return lines(
    `# pip install -U stable-baselines3 huggingface_sb3${algorithm.module === "sb3_contrib" ? " sb3-contrib" : ""}`,
    tryEnv && "import gymnasium as gym",
    "from huggingface_sb3 import load_from_hub",
    `from ${algorithm.module} import ${algorithm.cls}`,
    "",
    `checkpoint = load_from_hub(repo_id=${id}, filename=${file})`,
    !known && `# The file name does not say which algorithm trained the model; use that algorithm's class.`,
    `model = ${algorithm.cls}.load(checkpoint)`,
    tryEnv && "",
    tryEnv && "# Some environments need extra packages (Atari, MuJoCo) or the wrappers used in training.",
    tryEnv && `env = gym.make(${env})`,
    tryEnv && "obs, info = env.reset()",
    tryEnv && "action, _states = model.predict(obs, deterministic=True)",
  );
}

/** The snippet of each algorithm, with and without an environment to try, joined once. */
const SB3_CODES = new Map(
  Object.values(SB3_ALGORITHMS).map((algorithm) => [
    algorithm,
    {
      withEnv: template((id, file, env) => sb3Lines(algorithm, true, id, file, env)),
      withoutEnv: template((id, file) => sb3Lines(algorithm, true, id, file)),
    },
  ]),
);

/** The snippet of a checkpoint whose name does not say its algorithm: the default one, no environment. */
const SB3_UNKNOWN_CODE = template((id, file) =>
  sb3Lines(SB3_ALGORITHMS[SB3_DEFAULT_ALGORITHM] as Sb3Algorithm, false, id, file),
);

/**
 * Stable-Baselines3: the checkpoint zip downloaded with huggingface_sb3 and loaded with the algorithm its
 * RL Zoo name starts with; the rest of that name is the Gymnasium environment the agent is tried on.
 */
export function stableBaselines3(model: ModelRecord): string[] {
  const file = pickRepoFile(model, SB3_CHECKPOINT_EXTENSION) ?? `${repoName(model)}${SB3_CHECKPOINT_EXTENSION}`;
  const stem = file.slice(file.lastIndexOf("/") + 1, file.length - SB3_CHECKPOINT_EXTENSION.length);
  const dash = stem.indexOf("-");
  const known = ownEntry(SB3_ALGORITHMS, dash > 0 ? stem.slice(0, dash).toLowerCase() : undefined);
  const codes = known === undefined ? undefined : SB3_CODES.get(known);
  if (codes === undefined) return [SB3_UNKNOWN_CODE(pyStr(model.id), pyStr(file))];
  const env = stem.slice(dash + 1);
  if (env === "") return [codes.withoutEnv(pyStr(model.id), pyStr(file))];
  return [codes.withEnv(pyStr(model.id), pyStr(file), pyStr(env))];
}

const SAMPLE_FACTORY_CODE = template((idSh, comment) =>
  lines(
    `python -m sample_factory.huggingface.load_from_hub -r ${idSh} -d ${shQuote(LOCAL_DOWNLOAD_DIR)}`,
    "# Then run the enjoy script of the model's environment family, for example:",
    `${comment}`,
  ),
);

const SAMPLE_FACTORY_INSTALL = pipInstall("sample-factory");

/** Sample Factory: the experiment folder downloaded with the library's hub script, ready for its enjoy scripts. */
export function sampleFactory(model: ModelRecord): string[] {
  return [
    SAMPLE_FACTORY_INSTALL,
    SAMPLE_FACTORY_CODE(
      shQuote(model.id),
      shComment(
        `python -m sf_examples.mujoco.enjoy_mujoco --algo=APPO --env=<env> --train_dir=${LOCAL_DOWNLOAD_DIR}` +
          ` --experiment=${repoName(model)}`,
      ),
    ),
  ];
}

const ML_AGENTS_CODE = template((idSh) =>
  lines(
    pipInstall("mlagents"),
    `mlagents-load-from-hf --repo-id=${idSh} --local-dir=${shQuote(LOCAL_DOWNLOAD_DIR)}`,
    "# Drop the .onnx brain into your Unity project, or resume training with mlagents-learn.",
  ),
);

/** Unity ML-Agents: the trained run (ONNX brain and configuration) downloaded with the ML-Agents CLI. */
export function mlAgents(model: ModelRecord): string[] {
  return [ML_AGENTS_CODE(shQuote(model.id))];
}

const UNITY_SENTIS_CODE = template((downloadSh) =>
  lines(`${downloadSh}`, "# Then copy the .sentis (or .onnx) file into your Unity project's Assets folder."),
);

/**
 * Unity Sentis runs `.sentis`/`.onnx` files inside Unity, whose C# the panel does not show: the snippets
 * download the repository, from the shell or from Python, into the folder to import into the project.
 */
export function unitySentis(model: ModelRecord): string[] {
  return [UNITY_SENTIS_CODE(hfDownloadSh(model.id)), hfDownloadPy(model.id)];
}

/** Where a LeRobot policy class lives. */
interface LerobotPolicy {
  /** Module path under `lerobot.policies`. */
  module: string;
  /** The policy class. */
  cls: string;
}

// Policy repositories carry their type as a tag; each type has its own class.
const LEROBOT_POLICIES: Readonly<Record<string, LerobotPolicy>> = {
  act: { module: "act.modeling_act", cls: "ACTPolicy" },
  diffusion: { module: "diffusion.modeling_diffusion", cls: "DiffusionPolicy" },
  pi0: { module: "pi0.modeling_pi0", cls: "PI0Policy" },
  pi05: { module: "pi05.modeling_pi05", cls: "PI05Policy" },
  smolvla: { module: "smolvla.modeling_smolvla", cls: "SmolVLAPolicy" },
  tdmpc: { module: "tdmpc.modeling_tdmpc", cls: "TDMPCPolicy" },
  vqbet: { module: "vqbet.modeling_vqbet", cls: "VQBeTPolicy" },
};

const LEROBOT_CODE = template((module, cls, id) =>
  lines(`from lerobot.policies.${module} import ${cls}`, "", `policy = ${cls}.from_pretrained(${id})`),
);

const LEROBOT_CODE_2 = template((id) =>
  lines(
    "from lerobot.configs.policies import PreTrainedConfig",
    "from lerobot.policies.factory import get_policy_class",
    "",
    "# The policy's configuration names its type, which selects the policy class.",
    `config = PreTrainedConfig.from_pretrained(${id})`,
    `policy = get_policy_class(config.type).from_pretrained(${id})`,
  ),
);

const LEROBOT_CODE_3 = template((load) =>
  lines(
    `${load}`,
    "policy.eval()",
    "# policy.select_action(observation) returns the next action for a batch of robot observations.",
  ),
);

const LEROBOT_INSTALL = pipInstall("lerobot");

/**
 * LeRobot: the policy class named by the model's policy-type tag, or, without one, the class LeRobot's
 * factory picks from the policy's own configuration.
 */
export function lerobot(model: ModelRecord): string[] {
  const id = pyStr(model.id);
  let policy: LerobotPolicy | undefined;
  for (const tag of model.tags) {
    policy = ownEntry(LEROBOT_POLICIES, tag);
    if (policy) break;
  }
  const load = policy ? LEROBOT_CODE(policy.module, policy.cls, id) : LEROBOT_CODE_2(id);
  return [LEROBOT_INSTALL, LEROBOT_CODE_3(load)];
}
