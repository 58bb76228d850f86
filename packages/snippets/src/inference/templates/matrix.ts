// The language × client × template matrix: which templates each client has, and their functions.
import { TemplateNotFoundError } from "../errors.js";
import type { ChatContext, RequestContext, SubscribeContext, TaskContext } from "./context.js";
import * as jsFetchChat from "./js/fetch/chat.js";
import * as jsFetchRequest from "./js/fetch/request.js";
import * as jsHubChat from "./js/huggingface.js/chat.js";
import * as jsHubTask from "./js/huggingface.js/task.js";
import * as jsOpenAiChat from "./js/openai/chat.js";
import * as pyFalSubscribe from "./python/fal_client/subscribe.js";
import * as pyHubChat from "./python/huggingface_hub/chat.js";
import * as pyHubTask from "./python/huggingface_hub/task.js";
import * as pyOpenAiChat from "./python/openai/chat.js";
import * as pyRequestsChat from "./python/requests/chat.js";
import * as pyRequestsRequest from "./python/requests/request.js";
import * as shCurlChat from "./sh/curl/chat.js";
import * as shCurlRequest from "./sh/curl/request.js";

/** The parameters of each template kind. */
export interface TemplateParams {
  /** A chat completion. */
  chat: ChatContext;
  /** A streamed chat completion. */
  chatStream: ChatContext;
  /** A hub client's task method. */
  task: TaskContext;
  /** A raw HTTP POST of a task. */
  request: RequestContext;
  /** A call through fal's SDK. */
  subscribe: SubscribeContext;
}

/** A template kind. */
export type TemplateName = keyof TemplateParams;

/** A template: a function of its parameters to the snippet's code. */
export type Template<N extends TemplateName> = (ctx: TemplateParams[N]) => string;

/**
 * The clients of each language in display order, with the templates each one has. Adding a name here
 * without its function in TEMPLATES (or the reverse) fails to compile.
 */
export const CLIENT_TEMPLATES = {
  python: {
    openai: ["chat", "chatStream"],
    huggingface_hub: ["chat", "chatStream", "task"],
    fal_client: ["subscribe"],
    requests: ["chat", "chatStream", "request"],
  },
  js: {
    openai: ["chat", "chatStream"],
    "huggingface.js": ["chat", "chatStream", "task"],
    fetch: ["chat", "chatStream", "request"],
  },
  sh: {
    curl: ["chat", "chatStream", "request"],
  },
} as const satisfies Record<string, Record<string, readonly TemplateName[]>>;

/** A language of the inference snippets. */
export type InferenceLanguage = keyof typeof CLIENT_TEMPLATES;

/** A client of `L`. */
export type InferenceClientName<L extends InferenceLanguage = InferenceLanguage> = L extends InferenceLanguage
  ? keyof (typeof CLIENT_TEMPLATES)[L]
  : never;

type TemplateTable = {
  [L in InferenceLanguage]: {
    [C in keyof (typeof CLIENT_TEMPLATES)[L]]: {
      [N in ((typeof CLIENT_TEMPLATES)[L][C] & readonly TemplateName[])[number]]: Template<N>;
    };
  };
};

/** Every template function, by language, client and template kind. */
export const TEMPLATES: TemplateTable = {
  python: {
    openai: { chat: pyOpenAiChat.chat, chatStream: pyOpenAiChat.chatStream },
    huggingface_hub: { chat: pyHubChat.chat, chatStream: pyHubChat.chatStream, task: pyHubTask.task },
    fal_client: { subscribe: pyFalSubscribe.subscribe },
    requests: { chat: pyRequestsChat.chat, chatStream: pyRequestsChat.chatStream, request: pyRequestsRequest.request },
  },
  js: {
    openai: { chat: jsOpenAiChat.chat, chatStream: jsOpenAiChat.chatStream },
    "huggingface.js": { chat: jsHubChat.chat, chatStream: jsHubChat.chatStream, task: jsHubTask.task },
    fetch: { chat: jsFetchChat.chat, chatStream: jsFetchChat.chatStream, request: jsFetchRequest.request },
  },
  sh: {
    curl: { chat: shCurlChat.chat, chatStream: shCurlChat.chatStream, request: shCurlRequest.request },
  },
};

/**
 * The template for a language, client and template kind that come from outside (a URL, a flag).
 * Throws TemplateNotFoundError ("Template not found", naming all three) when the table has none.
 */
export function findTemplate<N extends TemplateName>(language: string, client: string, name: N): Template<N>;
export function findTemplate(language: string, client: string, name: string): Template<TemplateName>;
export function findTemplate(language: string, client: string, name: string): Template<TemplateName> {
  const clients: Record<string, Record<string, unknown>> | undefined = Object.hasOwn(TEMPLATES, language)
    ? (TEMPLATES as unknown as Record<string, Record<string, Record<string, unknown>>>)[language]
    : undefined;
  const templates = clients && Object.hasOwn(clients, client) ? clients[client] : undefined;
  const template = templates && Object.hasOwn(templates, name) ? templates[name] : undefined;
  if (typeof template !== "function") throw new TemplateNotFoundError(language, client, name);
  return template as Template<TemplateName>;
}
