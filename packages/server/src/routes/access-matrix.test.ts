// The access matrix: every caller × every operation × a public and a private model, each cell asserted. A private
// model must not exist for those who cannot see it: its answers equal a missing model's, and no list, search or
// facet names it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../accounts/access-hooks.js";
import { type AccountFixture, FIXTURE_PASSWORD, seedAccounts } from "../test-utils/account-fixture.js";
import { hubModel } from "../test-utils/hub-models.js";
import { APP_HOOK_TIMEOUT_MS, type RepoTestApp, startRepoTestApp } from "../test-utils/repo-test-app.js";
import { TEST_TOKEN } from "../test-utils/test-app.js";

const PUBLIC = "acme/public-model";
const PRIVATE = "acme/secret-model";
const GHOST = "acme/ghost-model";
const TAG = { [PUBLIC]: "public-tag", [PRIVATE]: "secret-tag" } as Record<string, string>;

/** One operation: the request it makes for a model (`cell` keeps uploads and deletes apart). */
type Op = (hub: RepoTestApp, headers: Record<string, string>, id: string, cell: number) => Promise<Response>;
const get =
  (path: string): Op =>
  (hub, headers) =>
    hub.fetch(path, { headers });

const OPS: Record<string, Op> = {
  list: (hub, headers) => hub.fetch("/api/models?limit=1000", { headers }),
  search: (hub, headers, id) => hub.fetch(`/api/models?search=${id.split("/")[1]}`, { headers }),
  tags: get("/api/tags?limit=1000"),
  page: (hub, headers, id) => hub.fetch(`/api/models/${id}`, { headers }),
  files: (hub, headers, id) => hub.fetch(`/api/models/${id}/files`, { headers }),
  card: (hub, headers, id) => hub.fetch(`/api/models/${id}/card`, { headers }),
  resolve: (hub, headers, id) => hub.fetch(`/${id}/resolve/main/config.json`, { headers }),
  snippets: (hub, headers, id) => hub.fetch(`/api/models/${id}/snippets`, { headers }),
  upload: (hub, headers, id, cell) =>
    hub.fetch(`/api/models/${id}/files/uploads/cell-${cell}.txt`, { method: "PUT", headers, body: "x" }),
  delete: (hub, headers, id, cell) => hub.fetch(`/api/models/${doomed(id, cell)}`, { method: "DELETE", headers }),
};
const OP_NAMES = Object.keys(OPS);
/** Operations on lists, whose cells say whether the model is listed ("+") or not ("-"). */
const LIST_OPS = new Set(["list", "search", "tags"]);

// Deletes act on a copy of the model per row, so one row's delete does not change the next row's answers.
function doomed(id: string, cell: number): string {
  return `${id}-doomed-${cell}`;
}

type Caller = (fixture: AccountFixture, session: { cookie: string; csrf: string }) => Record<string, string>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Rows: the caller, and the expected cell of each operation (in OPS order) on the public and on the private model.
 * `+`/`-`: listed or not (list, search, tag facet); numbers: HTTP status.
 */
const MATRIX: { who: string; headers: Caller; sees: boolean; public: string; private: string }[] = [
  {
    who: "anonymous",
    headers: () => ({}),
    sees: false,
    public: "+ + + 200 200 200 200 200 401 401",
    private: "- - - 404 404 404 404 404 401 401",
  },
  {
    who: "revoked token",
    headers: (f) => bearer(f.revoked),
    sees: false,
    public: "401 401 401 401 401 401 401 401 401 401",
    private: "401 401 401 401 401 401 401 401 401 401",
  },
  {
    who: "expired token",
    headers: (f) => bearer(f.expired),
    sees: false,
    public: "401 401 401 401 401 401 401 401 401 401",
    private: "401 401 401 401 401 401 401 401 401 401",
  },
  {
    who: "write token of another org",
    headers: (f) => bearer(f.bobWrite),
    sees: false,
    public: "+ + + 200 200 200 200 200 403 403",
    private: "- - - 404 404 404 404 404 404 404",
  },
  {
    who: "member's read token",
    headers: (f) => bearer(f.aliceRead),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403",
    private: "+ + + 200 200 200 200 200 403 403",
  },
  {
    who: "read member",
    headers: (f) => bearer(f.ritaWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403",
    private: "+ + + 200 200 200 200 200 403 403",
  },
  {
    who: "write member",
    headers: (f) => bearer(f.aliceWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 403",
    private: "+ + + 200 200 200 200 200 201 403",
  },
  {
    who: "write member's browser session",
    headers: (_f, s) => ({ cookie: s.cookie, "x-csrf-token": s.csrf }),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 403",
    private: "+ + + 200 200 200 200 200 201 403",
  },
  {
    who: "browser session without its CSRF token",
    headers: (_f, s) => ({ cookie: s.cookie }),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403",
    private: "+ + + 200 200 200 200 200 403 403",
  },
  {
    who: "org admin",
    headers: (f) => bearer(f.olgaWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204",
    private: "+ + + 200 200 200 200 200 201 204",
  },
  {
    who: "hub administrator",
    headers: (f) => bearer(f.rootWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204",
    private: "+ + + 200 200 200 200 200 201 204",
  },
  {
    who: "MODELHUB_ADMIN_TOKEN",
    headers: () => bearer(TEST_TOKEN),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204",
    private: "+ + + 200 200 200 200 200 201 204",
  },
];

// What a cell shows: for list operations whether the model is there, else the status.
async function cellOf(op: string, id: string, response: Response, text: string): Promise<string> {
  if (!LIST_OPS.has(op) || response.status !== 200) return String(response.status);
  const rows = JSON.parse(text) as { id: string }[];
  const listed = op === "tags" ? rows.some((r) => r.id === TAG[id]) : rows.some((r) => r.id === id);
  return listed ? "+" : "-";
}

describe("access matrix", () => {
  let hub: RepoTestApp;
  let fixture: AccountFixture;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    const doomedModels = MATRIX.flatMap((_, i) => [
      hubModel(doomed(PUBLIC, i), { library_name: "transformers" }),
      hubModel(doomed(PRIVATE, i), { library_name: "transformers" }),
    ]);
    hub = await startRepoTestApp({
      models: [
        hubModel(PUBLIC, { library_name: "transformers", tags: [TAG[PUBLIC] as string] }),
        hubModel(PRIVATE, { library_name: "transformers", tags: [TAG[PRIVATE] as string] }),
        ...doomedModels,
      ],
    });
    for (const id of [PUBLIC, PRIVATE]) {
      await hub.admin(`/api/models/${id}/files/config.json`, { method: "PUT", body: '{"model_type":"bert"}' });
      await hub.admin(`/api/models/${id}/files/README.md`, { method: "PUT", body: "# A model\n" });
    }
    for (const m of [PRIVATE, ...MATRIX.map((_, i) => doomed(PRIVATE, i))]) await hub.store.setPrivate(m, true);
    fixture = await seedAccounts(hub.store);
    const signIn = await hub.fetch("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "alice", password: FIXTURE_PASSWORD }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    session = { cookie, csrf: ((await signIn.json()) as { csrfToken: string }).csrfToken };
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(() => hub?.close(), APP_HOOK_TIMEOUT_MS);

  MATRIX.forEach((row, index) => {
    describe(row.who, () => {
      for (const [model, expected] of [
        [PUBLIC, row.public],
        [PRIVATE, row.private],
      ] as const) {
        it(`${model.endsWith("secret-model") ? "private" : "public"} model: ${expected}`, async () => {
          const headers = row.headers(fixture, session);
          const cells: string[] = [];
          for (const op of OP_NAMES) {
            const response = await (OPS[op] as Op)(hub, headers, model, index);
            const text = await response.text();
            cells.push(await cellOf(op, model, response, text));
            if (row.sees) continue;
            // Nothing answered to this caller names a private model, unless it asked for one by name...
            if (LIST_OPS.has(op) || model === PUBLIC) expect(text).not.toContain("secret");
            // ... and then the answer is the one a model that does not exist gets.
            if (model === PRIVATE && !LIST_OPS.has(op)) {
              const ghost = await (OPS[op] as Op)(hub, headers, GHOST, index);
              const ghostText = (await ghost.text()).replaceAll("ghost", "secret");
              expect([response.status, text, response.headers.get("x-error-code")]).toEqual([
                ghost.status,
                ghostText,
                ghost.headers.get("x-error-code"),
              ]);
            }
          }
          expect(cells.join(" ")).toBe(expected);
        });
      }
    });
  });

  it("counts a private model's library only for those who see it", async () => {
    const count = async (headers: Record<string, string>) => {
      const rows = (await (await hub.fetch("/api/libraries?filter=true", { headers })).json()) as {
        key: string;
        count: number;
      }[];
      return rows.find((r) => r.key === "transformers")?.count;
    };
    const models = 2 + 2 * MATRIX.length;
    const deleted = 3; // the org admin, the hub administrator and the admin token each deleted one private copy
    const privateLeft = 1 + MATRIX.length - deleted;
    const publicLeft = models - (1 + MATRIX.length) - deleted;
    expect(await count({})).toBe(publicLeft);
    expect(await count(bearer(fixture.bobWrite))).toBe(publicLeft);
    expect(await count(bearer(fixture.aliceRead))).toBe(publicLeft + privateLeft);
  });
});
