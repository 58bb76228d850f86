export { envName, headerName, headerValue, isHeaderValue, plainWord } from "./header.js";
export { isJsIdentifier, jsComment, jsEnvHeaderValue, jsEnvVar, jsHeaderStr, jsStr, jsValue } from "./js.js";
export { JSON_INDENT, toJson } from "./json.js";
export { flat, INDENT, indent, lines } from "./lines.js";
export {
  isPyIdentifier,
  pyComment,
  pyEnvHeaderValue,
  pyEnvVar,
  pyHeaderStr,
  pyStr,
  pyStrBody,
  pyValue,
} from "./python.js";
export { shComment, shEnvHeader, shHeader, shQuote } from "./sh.js";
export { Hole, template } from "./template.js";
export { urlPath } from "./url.js";
export { flattenLine } from "./visible.js";
