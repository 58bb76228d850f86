export { isJsIdentifier, jsComment, jsStr, jsValue } from "./js.js";
export { JSON_INDENT, toJson } from "./json.js";
export { INDENT, indent, lines } from "./lines.js";
export { flattenLine, isPyIdentifier, pyComment, pyStr, pyValue } from "./python.js";
export { shComment, shQuote } from "./sh.js";
