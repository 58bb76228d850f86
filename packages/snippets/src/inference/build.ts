// The inference snippets of a model: resolve the provider and route, build each template's parameters, render.

import { jsValue, pyValue } from "../code/index.js";
import type { ModelRecord } from "../model.js";
import { clientLimit, type OmittedClient } from "./client-limits.js";
import { CONSOLE_LOGGER, type InferenceLogger, InferenceOptionError } from "./errors.js";
import { mapsModel, resolveAuto } from "./model-providers.js";
import { isChatModel, servedTask } from "./model-task.js";
import { DEFAULT_PROVIDER } from "./option-spec.js";
import type { ChatMessage, InferenceOptions } from "./options.js";
import {
  INFERENCE_PROVIDERS,
  type InferenceProvider,
  isInferenceProvider,
  type ServedTask,
  servesTask,
} from "./providers.js";
import { falCall, taskRequest } from "./request.js";
import { callTarget, chatRoute, type TokenVariable } from "./target.js";
import { TASK_IO, taskInput } from "./task-inputs.js";
import { type InferenceTask, isInferenceTask } from "./tasks.js";
import type { ChatContext, Sampling, TaskContext } from "./templates/context.js";
import { CLIENT_MATRIX, type InferenceClientName, type InferenceLanguage } from "./templates/matrix.js";

/** One generated inference snippet. */
export interface InferenceSnippet {
  /** Language of the code. */
  language: InferenceLanguage;
  /** The client the code uses. */
  client: InferenceClientName;
  /** The provider asked for (`auto` stays `auto`). */
  provider: InferenceProvider;
  /** The code. */
  content: string;
}

/** Why a model has no inference snippets. */
export interface InferenceReason {
  /** Machine-readable cause. */
  code: "task-not-supported" | "provider-not-serving-task" | "provider-not-serving-model" | "no-provider-for-model";
  /** A sentence the panel can show. */
  message: string;
}

/** Which credential the snippets read, so the panel can tell the visitor what to set. */
export interface InferenceTokenInfo {
  /** The environment variable the snippets read. */
  variable: TokenVariable;
  /** True when the caller passed an accessToken: it was replaced by the variable, never written out. */
  accessTokenReplaced: boolean;
}

/** The snippets with the facts the panel needs to explain them. */
export interface InferenceSnippetsResult {
  /** The snippets, ordered python, js, sh and by client within a language. */
  snippets: InferenceSnippet[];
  /** Why the list is empty, or null. */
  reason: InferenceReason | null;
  /** The credential variable. */
  token: InferenceTokenInfo;
  /** The provider that serves the calls (`auto` resolved). */
  resolvedProvider: Exclude<InferenceProvider, "auto">;
  /** Clients left out because they cannot make this call, each with the reason. */
  omitted: OmittedClient[];
  /** Whether the model's call is a chat completion (so `streaming` applies), whatever the options. */
  chat: boolean;
  /** The task a provider must serve for the model (`conversational` for chat text generation), or null. */
  servedTask: ServedTask | null;
}

const TEXT_MESSAGES: ChatMessage[] = [{ role: "user", content: "What is the capital of France?" }];
const VLM_MESSAGES: ChatMessage[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "Describe this image in one sentence." },
      {
        type: "image_url",
        image_url: {
          url: "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg",
        },
      },
    ],
  },
];

/** The inference snippets of `model` (spec §4, §7): see buildInferenceSnippets for why a list is empty. */
export function getInferenceSnippets(
  model: ModelRecord,
  options: InferenceOptions = {},
  logger: InferenceLogger = CONSOLE_LOGGER,
): InferenceSnippet[] {
  return buildInferenceSnippets(model, options, logger).snippets;
}

/**
 * The inference snippets of `model`, with the reason when there are none and the credential variable.
 * Logs "Failed to get provider helper" when the provider does not serve the task (spec §8).
 * Throws InferenceOptionError for an unknown provider or inputs the task cannot take ("Unsupported format").
 */
export function buildInferenceSnippets(
  model: ModelRecord,
  options: InferenceOptions = {},
  logger: InferenceLogger = CONSOLE_LOGGER,
): InferenceSnippetsResult {
  const requested: unknown = options.provider ?? DEFAULT_PROVIDER;
  if (!isInferenceProvider(requested)) {
    throw new InferenceOptionError("provider", `Unknown provider ${JSON.stringify(requested)}`);
  }
  const task = model.pipeline_tag;
  const chat = isChatModel(model);
  const served = servedTask(model, chat);
  const auto = requested === "auto" ? resolveAuto(model, served ?? "conversational", chat) : null;
  const provider = requested === "auto" ? (auto ?? DEFAULT_PROVIDER) : requested;
  const target = callTarget(model, options, requested, provider);
  const omitted: OmittedClient[] = [];
  const result = (snippets: InferenceSnippet[], reason: InferenceReason | null): InferenceSnippetsResult => ({
    snippets,
    reason,
    token: { variable: target.token, accessTokenReplaced: Boolean(options.accessToken) },
    resolvedProvider: provider,
    omitted,
    chat,
    servedTask: served,
  });
  if (!isInferenceTask(task) || served === null) {
    return result([], {
      code: "task-not-supported",
      message: task
        ? `Inference snippets are not available for the ${task} task.`
        : "The model has no pipeline_tag, so no inference task applies.",
    });
  }
  const route = chat ? chatRoute(target) : null;
  // A custom endpoint speaks the hub's own inference API, so it takes the tasks hf-inference takes.
  const servedBy = target.mode === "endpoint" ? DEFAULT_PROVIDER : provider;
  if (!servesTask(servedBy, served) || (chat && route === null)) {
    logger.warn(`Failed to get provider helper for ${servedBy} and task ${served}`);
    return result([], {
      code: "provider-not-serving-task",
      message: `${INFERENCE_PROVIDERS[servedBy].label} does not serve the ${served} task.`,
    });
  }
  // The hub clients refuse a provider the model's mapping does not list; so would the provider's API.
  if (target.mode !== "endpoint" && requested === "auto" && auto === null) {
    return result([], {
      code: "no-provider-for-model",
      message: `No inference provider serves ${model.id}: its provider mapping lists no live provider for the ${served} task.`,
    });
  }
  if (target.mode !== "endpoint" && !mapsModel(model, provider, served, chat)) {
    return result([], {
      code: "provider-not-serving-model",
      message: `${INFERENCE_PROVIDERS[provider].label} does not serve ${model.id} for the ${served} task (not in its provider mapping).`,
    });
  }
  const snippets =
    chat && route
      ? renderChat(
          chatContext(target, route, chatMessages(task, options), options),
          options.streaming === true,
          requested,
        )
      : renderTask(taskContext(model, options, task, target), requested, omitted);
  return result(snippets, null);
}

function chatContext(
  target: ChatContext["target"],
  route: ChatContext["route"],
  messages: ChatMessage[],
  options: InferenceOptions,
): ChatContext {
  return {
    target,
    route,
    messages,
    sampling: sampling(options),
    messagesCode:
      messages === TEXT_MESSAGES
        ? TEXT_MESSAGES_CODE
        : messages === VLM_MESSAGES
          ? VLM_MESSAGES_CODE
          : messagesCode(messages),
  };
}

function messagesCode(messages: ChatMessage[]): ChatContext["messagesCode"] {
  return { python: pyValue(messages, 1), js: jsValue(messages, 1) };
}

// The example messages are constants, so their code is too: rendered once, at load.
const TEXT_MESSAGES_CODE = messagesCode(TEXT_MESSAGES);
const VLM_MESSAGES_CODE = messagesCode(VLM_MESSAGES);

function chatMessages(task: InferenceTask, options: InferenceOptions): ChatMessage[] {
  if (options.messages) return options.messages;
  if (typeof options.inputs === "string") return [{ role: "user", content: options.inputs }];
  if (options.inputs !== undefined) {
    throw new InferenceOptionError(
      "inputs",
      "Unsupported format for chat inputs: expected a string (the user message)",
    );
  }
  return task === "image-text-to-text" ? VLM_MESSAGES : TEXT_MESSAGES;
}

function sampling(options: InferenceOptions): Sampling {
  const out: Sampling = {};
  // `!== undefined`, not truthiness: 0 is a real setting (spec: kept, not dropped).
  if (options.temperature !== undefined) out.temperature = options.temperature;
  if (options.max_tokens !== undefined) out.max_tokens = options.max_tokens;
  if (options.top_p !== undefined) out.top_p = options.top_p;
  return out;
}

function taskContext(
  model: ModelRecord,
  options: InferenceOptions,
  task: InferenceTask,
  target: TaskContext["target"],
): TaskContext {
  const io = TASK_IO[task];
  return { target, task, io, input: taskInput(task, options.inputs, model) };
}

function renderChat(ctx: ChatContext, stream: boolean, provider: InferenceProvider): InferenceSnippet[] {
  const out: InferenceSnippet[] = [];
  for (const { language, client, chat } of CHAT_ROWS) {
    out.push({ language, client, provider, content: (stream ? chat.chatStream : chat.chat)(ctx) });
  }
  return out;
}

function renderTask(ctx: TaskContext, provider: InferenceProvider, omitted: OmittedClient[]): InferenceSnippet[] {
  const { target } = ctx;
  // Auto offers only the hub clients (spec §4): they resolve the provider themselves; raw calls need a URL.
  const http =
    target.requested === "auto" && target.mode !== "endpoint" ? null : taskRequest(target, ctx.task, ctx.io, ctx.input);
  // fal's SDK talks to fal with the fal key, so it only fits direct requests to fal.
  const fal =
    target.mode === "direct" && target.provider === "fal-ai"
      ? falCall(target.providerModel, ctx.task, ctx.input)
      : null;
  const requestCtx = http && { ...ctx, http };
  const subscribeCtx = fal && { ...ctx, fal };
  const out: InferenceSnippet[] = [];
  for (const { language, client, call } of CALL_ROWS) {
    const limit = clientLimit(language, client, ctx.task, target.provider, target.mode);
    if (limit !== null) {
      omitted.push({ language, client, reason: limit });
      continue;
    }
    const content =
      call.kind === "task"
        ? call.render(ctx)
        : call.kind === "request"
          ? requestCtx && call.render(requestCtx)
          : subscribeCtx && call.render(subscribeCtx);
    if (content) out.push({ language, client, provider, content });
  }
  return out;
}

type MatrixRow = (typeof CLIENT_MATRIX)[number];

// The clients with chat templates, and those with a non-chat one, in display order: filtered once at load.
const CHAT_ROWS = CLIENT_MATRIX.filter((row): row is Extract<MatrixRow, { chat: object }> => row.chat !== null);
const CALL_ROWS = CLIENT_MATRIX.filter((row): row is Extract<MatrixRow, { call: object }> => row.call !== null);
