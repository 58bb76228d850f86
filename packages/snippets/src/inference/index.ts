// Public API of the inference snippets.
export {
  buildInferenceSnippets,
  getInferenceSnippets,
  type InferenceReason,
  type InferenceSnippet,
  type InferenceSnippetsResult,
  type InferenceTokenInfo,
} from "./build.js";
export { CLIENT_LIMITS, type OmittedClient } from "./client-limits.js";
export { CONSOLE_LOGGER, type InferenceLogger, InferenceOptionError, TemplateNotFoundError } from "./errors.js";
export { isChatModel, servedTask } from "./model-task.js";
export {
  DEFAULT_PROVIDER,
  INFERENCE_OPTION_SPECS,
  type InferenceOptionKind,
  type InferenceOptionName,
  type InferenceOptionSpec,
  SECRET_OPTION_NAMES,
} from "./option-spec.js";
export type { ChatContentPart, ChatMessage, InferenceOptions } from "./options.js";
export { parseInferenceOptions } from "./parse-options.js";
export {
  INFERENCE_PROVIDERS,
  type InferenceProvider,
  isInferenceProvider,
  type ProviderPolicy,
  ROUTER_BASE_URL,
  ROUTER_OPENAI_BASE_URL,
  type ServedTask,
  type ServiceProvider,
  type ServiceProviderName,
} from "./providers.js";
export { providerKeyVariable, type TokenVariable } from "./target.js";
export type { InferenceInputs, JsonValue } from "./task-inputs.js";
export { INFERENCE_TASKS, type InferenceTask, isInferenceTask, JS_HUB_METHODS, PYTHON_HUB_METHODS } from "./tasks.js";
export {
  CLIENT_TEMPLATES,
  findTemplate,
  type InferenceClientName,
  type InferenceLanguage,
  type TemplateName,
} from "./templates/matrix.js";
