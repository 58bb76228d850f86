// The error of a model file whose content cannot feed the record: it names the file and the field at fault.
import { HubError } from "../errors.js";

/** A bad model card or config: a 400 whose message starts with the file and the field, e.g. `README.md: …`. */
export class ModelFileError extends HubError {
  /** The repository file at fault, e.g. `README.md` or `config.json`. */
  readonly file: string;
  /** The field at fault as a dotted path (`widget.0.text`), or null when the file as a whole is unreadable. */
  readonly field: string | null;

  constructor(file: string, field: string | null, problem: string) {
    super("bad_request", field === null ? `${file}: ${problem}` : `${file}: field "${field}": ${problem}`);
    this.name = "ModelFileError";
    this.file = file;
    this.field = field;
  }
}
