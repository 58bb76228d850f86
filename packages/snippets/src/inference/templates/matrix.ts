// The language × client × template matrix: one typed row per client, in display order, holding its templates.
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

/** A client's chat templates: every client that chats also streams. */
export interface ChatTemplates {
  /** A chat completion. */
  chat: Template<"chat">;
  /** A streamed chat completion. */
  chatStream: Template<"chatStream">;
}

/** A client's one non-chat template: a hub method, a raw request, or fal's SDK. */
export type CallTemplate =
  | { kind: "task"; render: Template<"task"> }
  | { kind: "request"; render: Template<"request"> }
  | { kind: "subscribe"; render: Template<"subscribe"> };

/** One client of a language with its templates. */
export interface ClientRow {
  /** The language of its snippets. */
  language: string;
  /** The client's name. */
  client: string;
  /** Its chat templates, or null when it has none. */
  chat: ChatTemplates | null;
  /** Its non-chat template, or null when it has none. */
  call: CallTemplate | null;
}

/** Every client, python then js then sh, in the order the panel shows them. */
export const CLIENT_MATRIX = [
  {
    language: "python",
    client: "openai",
    chat: { chat: pyOpenAiChat.chat, chatStream: pyOpenAiChat.chatStream },
    call: null,
  },
  {
    language: "python",
    client: "huggingface_hub",
    chat: { chat: pyHubChat.chat, chatStream: pyHubChat.chatStream },
    call: { kind: "task", render: pyHubTask.task },
  },
  {
    language: "python",
    client: "fal_client",
    chat: null,
    call: { kind: "subscribe", render: pyFalSubscribe.subscribe },
  },
  {
    language: "python",
    client: "requests",
    chat: { chat: pyRequestsChat.chat, chatStream: pyRequestsChat.chatStream },
    call: { kind: "request", render: pyRequestsRequest.request },
  },
  {
    language: "js",
    client: "openai",
    chat: { chat: jsOpenAiChat.chat, chatStream: jsOpenAiChat.chatStream },
    call: null,
  },
  {
    language: "js",
    client: "huggingface.js",
    chat: { chat: jsHubChat.chat, chatStream: jsHubChat.chatStream },
    call: { kind: "task", render: jsHubTask.task },
  },
  {
    language: "js",
    client: "fetch",
    chat: { chat: jsFetchChat.chat, chatStream: jsFetchChat.chatStream },
    call: { kind: "request", render: jsFetchRequest.request },
  },
  {
    language: "sh",
    client: "curl",
    chat: { chat: shCurlChat.chat, chatStream: shCurlChat.chatStream },
    call: { kind: "request", render: shCurlRequest.request },
  },
] as const satisfies readonly ClientRow[];

type Row = (typeof CLIENT_MATRIX)[number];

/** A language of the inference snippets. */
export type InferenceLanguage = Row["language"];

/** A client of `L`. */
export type InferenceClientName<L extends InferenceLanguage = InferenceLanguage> = Extract<
  Row,
  { language: L }
>["client"];

/** Every template kind, in display order. */
export const TEMPLATE_NAMES: readonly TemplateName[] = ["chat", "chatStream", "task", "request", "subscribe"];

/** A client's templates by kind. */
type TemplatesByName = { [N in TemplateName]?: Template<N> };

function templatesOf(row: ClientRow): TemplatesByName {
  const out: TemplatesByName = { ...row.chat };
  switch (row.call?.kind) {
    case "task":
      out.task = row.call.render;
      break;
    case "request":
      out.request = row.call.render;
      break;
    case "subscribe":
      out.subscribe = row.call.render;
      break;
  }
  return out;
}

// Language -> client -> templates, for lookups by names that come from outside.
const BY_NAME = new Map<string, Map<string, TemplatesByName>>();
for (const row of CLIENT_MATRIX) {
  const clients = BY_NAME.get(row.language) ?? new Map<string, TemplatesByName>();
  clients.set(row.client, templatesOf(row));
  BY_NAME.set(row.language, clients);
}

/** The clients of each language with the template kinds each has: the matrix as a plain table, for display. */
export const CLIENT_TEMPLATES: Readonly<Record<string, Readonly<Record<string, readonly TemplateName[]>>>> =
  Object.fromEntries(
    [...BY_NAME].map(([language, clients]) => [
      language,
      Object.fromEntries(
        [...clients].map(([client, templates]) => [client, TEMPLATE_NAMES.filter((name) => templates[name])]),
      ),
    ]),
  );

/**
 * The template for a language, client and template kind that come from outside (a URL, a flag).
 * Throws TemplateNotFoundError ("Template not found", naming all three) when the matrix has none.
 */
export function findTemplate<N extends TemplateName>(language: string, client: string, name: N): Template<N> {
  const template = BY_NAME.get(language)?.get(client)?.[name];
  if (template === undefined) throw new TemplateNotFoundError(language, client, name);
  return template;
}
