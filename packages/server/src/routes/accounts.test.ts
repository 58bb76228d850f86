// Whoami, first run, sign-in, tokens and organisations through HTTP.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../accounts/access-hooks.js";
import { type AccountFixture, FIXTURE_PASSWORD, seedAccounts } from "../test-utils/account-fixture.js";
import { jsonBody, startTestApp, TEST_TOKEN, type TestApp } from "../test-utils/test-app.js";

let hub: TestApp;
beforeEach(async () => {
  hub = await startTestApp();
});
afterEach(() => hub.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const withHeaders = (init: RequestInit, headers: Record<string, string>): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), ...headers },
});

async function signIn(username: string, password = FIXTURE_PASSWORD) {
  const response = await hub.fetch("/api/session", jsonBody("POST", { username, password }));
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { response, cookie, csrf: ((await response.json()) as { csrfToken?: string }).csrfToken ?? "" };
}

describe("GET /api/whoami-v2", () => {
  let fixture: AccountFixture;
  beforeEach(async () => {
    fixture = await seedAccounts(hub.store);
  });

  it("answers the field's shape for a token: name, type, orgs with roles, the token's role", async () => {
    const response = await hub.fetch("/api/whoami-v2", { headers: bearer(fixture.aliceRead) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      type: "user",
      name: "alice",
      isAdmin: false,
      orgs: [{ type: "org", name: "acme", fullname: "Acme Corp", roleInOrg: "write" }],
      auth: { type: "access_token", accessToken: { displayName: "alice-read", role: "read" } },
    });
  });

  it("answers the bootstrap administrator, and 401 without or with a bad token", async () => {
    expect(await (await hub.fetch("/api/whoami-v2", { headers: bearer(TEST_TOKEN) })).json()).toMatchObject({
      name: "admin",
      isAdmin: true,
    });
    expect((await hub.fetch("/api/whoami-v2")).status).toBe(401);
    const wrong = await hub.fetch("/api/whoami-v2", { headers: bearer("hf_notatokenatall") });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("x-error-message")).toBe("Invalid credentials in Authorization header");
    expect((await hub.fetch("/api/whoami-v2", { headers: bearer(fixture.expired) })).status).toBe(401);
  });

  it("takes a token as the password of Basic authentication (git)", async () => {
    const basic = Buffer.from(`alice:${fixture.aliceWrite}`).toString("base64");
    const response = await hub.fetch("/api/whoami-v2", { headers: { authorization: `Basic ${basic}` } });
    expect(((await response.json()) as { name: string }).name).toBe("alice");
  });
});

describe("first run", () => {
  const setup = (body: Record<string, unknown>) => hub.fetch("/api/setup", jsonBody("POST", body));

  it("creates the first administrator with the admin token, once", async () => {
    expect(await (await hub.fetch("/api/session")).json()).toEqual({
      user: null,
      csrfToken: null,
      setupRequired: true,
    });
    const wrongToken = await setup({ adminToken: "nope", username: "boss", password: "long enough pw" });
    expect(wrongToken.status).toBe(403);
    const short = await setup({ adminToken: TEST_TOKEN, username: "boss", password: "short" });
    expect([short.status, await short.json()]).toEqual([400, { error: "password must be at least 8 characters" }]);
    const reserved = await setup({ adminToken: TEST_TOKEN, username: "api", password: "long enough pw" });
    expect(reserved.status).toBe(400);
    expect(await hub.store.accounts.countUsers()).toBe(0);

    const created = await setup({ adminToken: TEST_TOKEN, username: "boss", password: "long enough pw" });
    expect(created.status).toBe(201);
    const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(created.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(created.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
    const state = (await (await hub.fetch("/api/session", { headers: { cookie } })).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ user: { name: "boss", isAdmin: true }, setupRequired: false });

    const again = await setup({ adminToken: TEST_TOKEN, username: "boss2", password: "long enough pw" });
    expect(again.status).toBe(409);
  });
});

describe("sign-in and tokens", () => {
  beforeEach(async () => {
    await seedAccounts(hub.store);
  });

  it("refuses a wrong password and an unknown user alike", async () => {
    const wrong = await signIn("alice", "wrong password");
    const unknown = await signIn("nobody", "wrong password");
    expect([wrong.response.status, unknown.response.status]).toEqual([401, 401]);
    expect(wrong.cookie).toBe("");
  });

  it("creates a token shown once, lists it without the secret, and revokes it at once", async () => {
    const { cookie, csrf } = await signIn("alice");
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const create = jsonBody("POST", { name: "laptop", role: "write" });
    expect((await hub.fetch("/api/settings/tokens", withHeaders(create, { cookie }))).status).toBe(403);
    const created = await hub.fetch("/api/settings/tokens", withHeaders(create, { cookie, "x-csrf-token": csrf }));
    expect(created.status).toBe(201);
    const { token, id } = (await created.json()) as { token: string; id: number };
    expect(token).toMatch(/^hf_[A-Za-z0-9]{34}$/);

    const listText = await (await hub.fetch("/api/settings/tokens", { headers: { cookie } })).text();
    expect(listText).toContain("laptop");
    expect(listText).not.toContain(token);
    expect((await hub.fetch("/api/whoami-v2", { headers: bearer(token) })).status).toBe(200);

    const revoke = await hub.fetch(`/api/settings/tokens/${id}`, {
      method: "DELETE",
      headers: { cookie, "x-csrf-token": csrf },
    });
    expect(revoke.status).toBe(204);
    expect((await hub.fetch("/api/whoami-v2", { headers: bearer(token) })).status).toBe(401);
  });

  it("refuses bad token requests and read tokens managing tokens", async () => {
    const { cookie, csrf } = await signIn("alice");
    const headers = { cookie, "x-csrf-token": csrf };
    for (const body of [
      { name: "x", role: "admin" },
      { name: "", role: "read" },
      { name: "x", role: "read", expiresAt: "2001-01-01T00:00:00Z" },
    ]) {
      const response = await hub.fetch("/api/settings/tokens", withHeaders(jsonBody("POST", body), headers));
      expect(response.status).toBe(400);
    }
    const read = (
      (await (
        await hub.fetch("/api/settings/tokens", withHeaders(jsonBody("POST", { name: "r", role: "read" }), headers))
      ).json()) as { token: string }
    ).token;
    expect((await hub.fetch("/api/settings/tokens", { headers: bearer(read) })).status).toBe(403);
    expect((await hub.fetch("/api/settings/tokens")).status).toBe(401);
  });

  it("signs out: the cookie no longer signs in", async () => {
    const { cookie, csrf } = await signIn("alice");
    expect(
      (await hub.fetch("/api/session", { method: "DELETE", headers: { cookie, "x-csrf-token": csrf } })).status,
    ).toBe(204);
    expect(
      ((await (await hub.fetch("/api/session", { headers: { cookie } })).json()) as { user: unknown }).user,
    ).toBeNull();
  });
});

describe("users and organisations", () => {
  let fixture: AccountFixture;
  beforeEach(async () => {
    fixture = await seedAccounts(hub.store);
  });

  it("lets administrators create users; a name taken by an org is a 409", async () => {
    const body = { name: "carol", password: "long enough pw" };
    expect(
      (await hub.fetch("/api/users", withHeaders(jsonBody("POST", body), bearer(fixture.aliceWrite)))).status,
    ).toBe(403);
    expect((await hub.fetch("/api/users", withHeaders(jsonBody("POST", body), bearer(fixture.rootWrite)))).status).toBe(
      201,
    );
    const clash = await hub.fetch(
      "/api/users",
      withHeaders(jsonBody("POST", { ...body, name: "ACME" }), bearer(TEST_TOKEN)),
    );
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ error: 'the name "ACME" is already taken by a user or organization' });
  });

  it("lets an org admin manage members, and no one else", async () => {
    const put = (token: string, role: string) =>
      hub.fetch("/api/organizations/acme/members/bob", withHeaders(jsonBody("PUT", { role }), bearer(token)));
    expect((await put(fixture.aliceWrite, "read")).status).toBe(403);
    expect((await put(fixture.olgaWrite, "owner")).status).toBe(400);
    expect((await put(fixture.olgaWrite, "read")).status).toBe(204);
    const members = await (
      await hub.fetch("/api/organizations/acme/members", { headers: bearer(fixture.bobWrite) })
    ).json();
    expect(members).toContainEqual({ user: "bob", role: "read" });
  });
});
