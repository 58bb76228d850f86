// What the templates are functions of: one context type per template kind.
import type { ChatMessage } from "../options.js";
import type { FalCall, HttpRequest } from "../request.js";
import type { CallTarget, ChatRoute } from "../target.js";
import type { TaskInput, TaskIo } from "../task-inputs.js";
import type { InferenceTask } from "../tasks.js";

/** Sampling options of a chat call; absent ones are left out, 0 is kept. */
export interface Sampling {
  /** Temperature. */
  temperature?: number;
  /** Completion length limit. */
  max_tokens?: number;
  /** Nucleus sampling. */
  top_p?: number;
}

/** Parameters of the chat templates (`chat`, `chatStream`). */
export interface ChatContext {
  /** Destination and credential. */
  target: CallTarget;
  /** The messages sent. */
  messages: ChatMessage[];
  /** Sampling options. */
  sampling: Sampling;
  /** The OpenAI-compatible route: base URL (`/chat/completions` appended for raw POSTs) and `model`. */
  route: ChatRoute;
  /**
   * The messages as literals for an argument at indent level 1, rendered once per call: they are the
   * costliest part of a chat snippet and every client of a language shows them alike.
   */
  messagesCode: { python: string; js: string };
}

/** Parameters of the non-chat `task` template. */
export interface TaskContext {
  /** Destination and credential. */
  target: CallTarget;
  /** The task. */
  task: InferenceTask;
  /** Input and output facts of the task. */
  io: TaskIo;
  /** The call's input. */
  input: TaskInput;
}

/** Parameters of the raw HTTP `request` template: a task call that one POST can make. */
export interface RequestContext extends TaskContext {
  /** The request. */
  http: HttpRequest;
}

/** Parameters of the `subscribe` template: a task call through fal's own SDK. */
export interface SubscribeContext extends TaskContext {
  /** The fal call. */
  fal: FalCall;
}
