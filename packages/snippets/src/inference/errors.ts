// The errors the inference builder throws for input that comes from outside (spec §8).

/** A bad inference option: unknown name, wrong type, or an inputs value the task cannot take. */
export class InferenceOptionError extends Error {
  /** The name of the bad option, e.g. `provider` or `inputs`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.name = "InferenceOptionError";
    this.option = option;
  }
}

/** A language, client or template name that the template table does not hold. */
export class TemplateNotFoundError extends Error {
  constructor(language: string, client: string, template: string) {
    super(`Template not found: language "${language}", client "${client}", template "${template}"`);
    this.name = "TemplateNotFoundError";
  }
}

/** Where the builder's warnings go; tests pass a silent or recording one. */
export interface InferenceLogger {
  /** Reports a recoverable problem (spec §8's logged messages). */
  warn(message: string): void;
}

/** The default logger: `console.warn`. */
export const CONSOLE_LOGGER: InferenceLogger = { warn: (message) => console.warn(message) };
