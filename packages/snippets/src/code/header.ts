/**
 * HTTP header fields and environment variable names in generated code. A header value holding CR or LF
 * would let a client send a second header, so values are printable ASCII only; every module that writes a
 * header (sh, python, js) goes through these checks, and the option parser refuses such values up front.
 */

/** A header name: RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value every client sends as given: printable ASCII (space included), nothing else. */
const HEADER_VALUE = /^[\x20-\x7e]*$/;
/** A variable name every shell, Python and JS accepts bare: `HF_TOKEN`, `FAL_AI_API_KEY`. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when `value` can be sent as one header value by curl, requests and fetch alike. */
export function isHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

/** `value` unchanged; throws when it could not stay one header value. */
export function headerValue(value: string): string {
  if (HEADER_VALUE.test(value)) return value;
  throw new RangeError(`A header value may hold only printable ASCII characters: ${JSON.stringify(value)}`);
}

/** `name` unchanged; throws unless it is a header name (token characters). */
export function headerName(name: string): string {
  if (TOKEN.test(name)) return name;
  throw new RangeError(`Not a header name: ${JSON.stringify(name)}`);
}

/** `name` unchanged; throws unless it is a plain environment variable name. */
export function envName(name: string): string {
  if (ENV_NAME.test(name)) return name;
  throw new RangeError(`Not an environment variable name: ${JSON.stringify(name)}`);
}

// Letters, digits and `-` stay literal in every quoting context: shell double quotes, f-strings, template literals.
const PLAIN_WORD = /^[A-Za-z0-9-]+$/;

/** `word` unchanged; throws unless it is plain (an Authorization scheme, a header name written in double quotes). */
export function plainWord(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  throw new RangeError(`Not a plain word: ${JSON.stringify(word)}`);
}
