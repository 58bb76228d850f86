// One snippet run as the harness plans it and the stand-in judges it.
import type { InferenceOptions, ModelRecord } from "@modelhub/snippets";

/** A snippet run: which model and options made the snippet, and what the stand-in may expect of its requests. */
export interface RunSpec {
  /** Run number; it is in every credential value the run gets. */
  id: number;
  /** The model the snippet is for. */
  model: ModelRecord;
  /** The task the calls perform: the pipeline tag, or `conversational` for chat. */
  task: string;
  /** The options the snippet was generated with. */
  options: InferenceOptions;
  /** Language and client of the snippet. */
  language: string;
  /** Client name as the engine gives it. */
  client: string;
}

/** One request the stand-in received, as the checks and the reference comparison see it. */
export interface RecordedRequest {
  /** The run it belongs to (from its credential or its file URL), or null. */
  run: number | null;
  /** Method. */
  method: string;
  /** `https://host/path?query`. */
  url: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The credential variable its token came from, or null. */
  tokenVariable: string | null;
  /** The body. */
  body: Buffer;
  /** What the stand-in found wrong with it. */
  violations: string[];
}
