// The account routes of the OpenAPI document: who the caller is, sessions, tokens, users and organisations.
import { MEMBER_BODY, NEW_ORG_BODY, NEW_USER_BODY } from "../routes/organizations.js";
import { SETUP_BODY, SIGN_IN_BODY } from "../routes/session.js";
import { TOKEN_CREATE_BODY } from "../routes/tokens.js";
import { errors, type Json, json, jsonBody, pathParam, SIGNED_IN } from "./openapi-parts.js";

const TOKEN_INFO = {
  type: "object",
  properties: {
    id: { type: "integer" },
    user: { type: "string" },
    name: { type: "string" },
    role: { type: "string", enum: ["read", "write"] },
    createdAt: { type: "string", format: "date-time" },
    expiresAt: { type: ["string", "null"], format: "date-time" },
  },
  required: ["id", "user", "name", "role", "createdAt", "expiresAt"],
};

const ACCOUNT = {
  type: "object",
  properties: {
    name: { type: "string" },
    type: { type: "string", enum: ["user", "org"] },
    fullname: { type: "string" },
  },
  required: ["name", "type"],
};

const ORG_PARAM = pathParam("org", "Organisation name.");
const NO_CONTENT = { 204: { description: "Done" } };

/** The account paths of the document. */
export const ACCOUNT_PATHS: Record<string, Json> = {
  "/api/whoami-v2": {
    get: {
      summary: "The caller, in the field's shape (name, orgs, auth.accessToken.role); 401 without credentials.",
      ...SIGNED_IN,
      responses: { 200: json({ type: "object", required: ["name", "type"] }), ...errors(401) },
    },
  },
  "/api/session": {
    get: {
      summary: "The signed-in user of the browser session, its CSRF token, and whether the hub needs its first user.",
      responses: {
        200: json({
          type: "object",
          properties: {
            user: { type: ["object", "null"] },
            csrfToken: { type: ["string", "null"] },
            setupRequired: { type: "boolean" },
          },
          required: ["user", "csrfToken", "setupRequired"],
        }),
      },
    },
    post: {
      summary: "Sign in: sets the session cookie (HttpOnly, SameSite=Lax). Failed attempts are rate-limited (429).",
      requestBody: jsonBody(SIGN_IN_BODY),
      responses: { 200: json({ type: "object" }), ...errors(400, 401, 429) },
    },
    delete: { summary: "Sign out.", responses: NO_CONTENT },
  },
  "/api/setup": {
    post: {
      summary: "Creates the first user (an administrator), once, with the admin token printed at first start.",
      requestBody: jsonBody(SETUP_BODY),
      responses: { 201: json({ type: "object" }, "Signed in as the new user"), ...errors(400, 403, 409) },
    },
  },
  "/api/settings/tokens": {
    get: {
      summary: "The caller's access tokens (names, roles, dates; never the secrets).",
      ...SIGNED_IN,
      responses: { 200: json({ type: "array", items: TOKEN_INFO }), ...errors(401, 403) },
    },
    post: {
      summary: "Issue an access token: the secret is in this answer only.",
      ...SIGNED_IN,
      requestBody: jsonBody(TOKEN_CREATE_BODY),
      responses: {
        201: json({ ...TOKEN_INFO, properties: { ...TOKEN_INFO.properties, token: { type: "string" } } }, "Issued"),
        ...errors(400, 401, 403),
      },
    },
  },
  "/api/settings/tokens/{id}": {
    parameters: [pathParam("id", "The token's id.")],
    delete: { summary: "Revoke a token.", ...SIGNED_IN, responses: { ...NO_CONTENT, ...errors(401, 403, 404) } },
  },
  "/api/users": {
    post: {
      summary: "Create a user (administrators).",
      ...SIGNED_IN,
      requestBody: jsonBody(NEW_USER_BODY),
      responses: { 201: json(ACCOUNT, "Created"), ...errors(400, 401, 403, 409) },
    },
  },
  "/api/organizations": {
    post: {
      summary: "Create an organisation; the caller becomes its admin.",
      ...SIGNED_IN,
      requestBody: jsonBody(NEW_ORG_BODY),
      responses: { 201: json(ACCOUNT, "Created"), ...errors(400, 401, 409) },
    },
  },
  "/api/organizations/{org}/members": {
    parameters: [ORG_PARAM],
    get: {
      summary: "Members and their roles (read, write, admin).",
      ...SIGNED_IN,
      responses: {
        200: json({
          type: "array",
          items: { type: "object", properties: { user: { type: "string" }, role: { type: "string" } } },
        }),
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/organizations/{org}/members/{user}": {
    parameters: [ORG_PARAM, pathParam("user", "User name.")],
    put: {
      summary: "Add a member or change their role (the organisation's admins).",
      ...SIGNED_IN,
      requestBody: jsonBody(MEMBER_BODY),
      responses: { ...NO_CONTENT, ...errors(400, 401, 403, 404) },
    },
    delete: {
      summary: "Remove a member (the organisation's admins).",
      ...SIGNED_IN,
      responses: { ...NO_CONTENT, ...errors(401, 403, 404) },
    },
  },
};
