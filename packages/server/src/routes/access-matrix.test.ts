// The access matrix: every caller × every operation × a public and a private model, each cell asserted. A private
// model must not exist for those who cannot see it: its answers equal a missing model's, and no list, search or
// facet names it. The clone column runs Debian's git (token as the Basic password, the field's convention).
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../accounts/access-hooks.js";
import { type AccountFixture, FIXTURE_PASSWORD } from "../test-utils/account-fixture.js";
import { hubModel } from "../test-utils/hub-models.js";
import type { RepoTestApp } from "../test-utils/repo-test-app.js";
import { useSeededRepoHub } from "../test-utils/seeded-repo-hub.js";
import { TEST_TOKEN } from "../test-utils/test-app.js";

const PUBLIC = "acme/public-model";
const PRIVATE = "acme/secret-model";
const GHOST = "acme/ghost-model";
const TAG = { [PUBLIC]: "public-tag", [PRIVATE]: "secret-tag" } as Record<string, string>;

/** What an operation answered: an HTTP status (or a clone's outcome), the text to search for leaks, the error code. */
interface Answer {
  status: string;
  text: string;
  errorCode: string | null;
}
/** One operation: the request it makes for a model (`cell` keeps uploads and deletes apart). */
type Op = (hub: RepoTestApp, headers: Record<string, string>, id: string, cell: number) => Promise<Answer>;

async function answer(response: Promise<Response>): Promise<Answer> {
  const r = await response;
  return { status: String(r.status), text: await r.text(), errorCode: r.headers.get("x-error-code") };
}
const http =
  (request: (hub: RepoTestApp, headers: Record<string, string>, id: string, cell: number) => Promise<Response>): Op =>
  (hub, headers, id, cell) =>
    answer(request(hub, headers, id, cell));

const CLONE_FAILURES: [RegExp, string][] = [
  [/could not read Username|Authentication failed/, "401"],
  [/returned error: 403/, "403"],
  [/repository '.*' not found/, "404"],
];
/**
 * `git clone` as the caller: a Bearer token becomes the URL's password (as `git clone https://user:hf_…@host/…`);
 * a browser session's headers go as `http.extraHeader`. The cell is `ok` (config.json came back) or the status
 * git's message names; the text is git's output, in a folder named the same for every model.
 */
const clone: Op = async (hub, headers, id) => {
  const token = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
  const url = `${hub.url.replace("http://", token ? `http://user:${token}@` : "http://")}/${id}`;
  const extra = Object.entries(headers)
    .filter(([name]) => name !== "authorization")
    .flatMap(([name, value]) => ["-c", `http.extraHeader=${name}: ${value}`]);
  const cwd = mkdtempSync(join(box.root, "clone-"));
  try {
    const run = await box.git([...extra, "clone", url, "repo"], cwd);
    const config = readFileSync(join(cwd, "repo", "config.json"), "utf8");
    return { status: config.includes("bert") ? "ok" : "no-config", text: run.stdout + run.stderr, errorCode: null };
  } catch (error) {
    const text = (error as Error).message.replaceAll(token ?? "\0", "TOKEN");
    const status = CLONE_FAILURES.find(([pattern]) => pattern.test(text))?.[1] ?? `failed: ${text}`;
    return { status, text, errorCode: null };
  }
};

const OPS: Record<string, Op> = {
  list: http((hub, headers) => hub.fetch("/api/models?limit=1000", { headers })),
  search: http((hub, headers, id) => hub.fetch(`/api/models?search=${id.split("/")[1]}`, { headers })),
  tags: http((hub, headers) => hub.fetch("/api/tags?limit=1000", { headers })),
  page: http((hub, headers, id) => hub.fetch(`/api/models/${id}`, { headers })),
  files: http((hub, headers, id) => hub.fetch(`/api/models/${id}/files`, { headers })),
  card: http((hub, headers, id) => hub.fetch(`/api/models/${id}/card`, { headers })),
  resolve: http((hub, headers, id) => hub.fetch(`/${id}/resolve/main/config.json`, { headers })),
  snippets: http((hub, headers, id) => hub.fetch(`/api/models/${id}/snippets`, { headers })),
  upload: http((hub, headers, id, cell) =>
    hub.fetch(`/api/models/${id}/files/uploads/cell-${cell}.txt`, { method: "PUT", headers, body: "x" }),
  ),
  delete: http((hub, headers, id, cell) => hub.fetch(`/api/models/${doomed(id, cell)}`, { method: "DELETE", headers })),
  clone,
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
 * `+`/`-`: listed or not (list, search, tag facet); numbers: HTTP status; `ok`: the clone has the files. git sends
 * the URL's password only after a 401, so a dead token clones a public model as an anonymous caller would.
 */
const MATRIX: { who: string; headers: Caller; sees: boolean; public: string; private: string }[] = [
  {
    who: "anonymous",
    headers: () => ({}),
    sees: false,
    public: "+ + + 200 200 200 200 200 401 401 ok",
    private: "- - - 404 404 404 404 404 401 401 401",
  },
  {
    who: "revoked token",
    headers: (f) => bearer(f.revoked),
    sees: false,
    public: "401 401 401 401 401 401 401 401 401 401 ok",
    private: "401 401 401 401 401 401 401 401 401 401 401",
  },
  {
    who: "expired token",
    headers: (f) => bearer(f.expired),
    sees: false,
    public: "401 401 401 401 401 401 401 401 401 401 ok",
    private: "401 401 401 401 401 401 401 401 401 401 401",
  },
  {
    who: "write token of another org",
    headers: (f) => bearer(f.bobWrite),
    sees: false,
    public: "+ + + 200 200 200 200 200 403 403 ok",
    private: "- - - 404 404 404 404 404 404 404 404",
  },
  {
    who: "member's read token",
    headers: (f) => bearer(f.aliceRead),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403 ok",
    private: "+ + + 200 200 200 200 200 403 403 ok",
  },
  {
    who: "read member",
    headers: (f) => bearer(f.ritaWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403 ok",
    private: "+ + + 200 200 200 200 200 403 403 ok",
  },
  {
    who: "write member",
    headers: (f) => bearer(f.aliceWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 403 ok",
    private: "+ + + 200 200 200 200 200 201 403 ok",
  },
  {
    who: "write member's browser session",
    headers: (_f, s) => ({ cookie: s.cookie, "x-csrf-token": s.csrf }),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 403 ok",
    private: "+ + + 200 200 200 200 200 201 403 ok",
  },
  {
    who: "browser session without its CSRF token",
    headers: (_f, s) => ({ cookie: s.cookie }),
    sees: true,
    public: "+ + + 200 200 200 200 200 403 403 403",
    private: "+ + + 200 200 200 200 200 403 403 403",
  },
  {
    who: "org admin",
    headers: (f) => bearer(f.olgaWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204 ok",
    private: "+ + + 200 200 200 200 200 201 204 ok",
  },
  {
    who: "hub administrator",
    headers: (f) => bearer(f.rootWrite),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204 ok",
    private: "+ + + 200 200 200 200 200 201 204 ok",
  },
  {
    who: "MODELHUB_ADMIN_TOKEN",
    headers: () => bearer(TEST_TOKEN),
    sees: true,
    public: "+ + + 200 200 200 200 200 201 204 ok",
    private: "+ + + 200 200 200 200 200 201 204 ok",
  },
];

// What a cell shows: for list operations whether the model is there, else the status.
function cellOf(op: string, id: string, { status, text }: Answer): string {
  if (!LIST_OPS.has(op) || status !== "200") return status;
  const rows = JSON.parse(text) as { id: string }[];
  const listed = op === "tags" ? rows.some((r) => r.id === TAG[id]) : rows.some((r) => r.id === id);
  return listed ? "+" : "-";
}

// The public and private model, and one copy of each per matrix row for the row's deletes.
let session: { cookie: string; csrf: string };
const { hub, fx, box } = useSeededRepoHub({
  models: [
    hubModel(PUBLIC, { library_name: "transformers", tags: [TAG[PUBLIC] as string] }),
    hubModel(PRIVATE, { library_name: "transformers", tags: [TAG[PRIVATE] as string] }),
    ...MATRIX.flatMap((_, i) => [
      hubModel(doomed(PUBLIC, i), { library_name: "transformers" }),
      hubModel(doomed(PRIVATE, i), { library_name: "transformers" }),
    ]),
  ],
  git: true,
  async setUp() {
    for (const id of [PUBLIC, PRIVATE]) {
      await hub.admin(`/api/models/${id}/files/config.json`, { method: "PUT", body: '{"model_type":"bert"}' });
      await hub.admin(`/api/models/${id}/files/README.md`, { method: "PUT", body: "# A model\n" });
    }
    for (const m of [PRIVATE, ...MATRIX.map((_, i) => doomed(PRIVATE, i))]) await hub.store.setPrivate(m, true);
    const signIn = await hub.fetch("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "alice", password: FIXTURE_PASSWORD }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    session = { cookie, csrf: ((await signIn.json()) as { csrfToken: string }).csrfToken };
  },
});

describe("access matrix", () => {
  MATRIX.forEach((row, index) => {
    describe(row.who, () => {
      for (const [model, expected] of [
        [PUBLIC, row.public],
        [PRIVATE, row.private],
      ] as const) {
        it(`${model.endsWith("secret-model") ? "private" : "public"} model: ${expected}`, async () => {
          const headers = row.headers(fx, session);
          const cells: string[] = [];
          for (const op of OP_NAMES) {
            const answered = await (OPS[op] as Op)(hub, headers, model, index);
            cells.push(cellOf(op, model, answered));
            if (row.sees) continue;
            // Nothing answered to this caller names a private model, unless it asked for one by name...
            if (LIST_OPS.has(op) || model === PUBLIC) expect(answered.text).not.toContain("secret");
            // ... and then the answer is the one a model that does not exist gets.
            if (model === PRIVATE && !LIST_OPS.has(op)) {
              const ghost = await (OPS[op] as Op)(hub, headers, GHOST, index);
              expect(answered).toEqual({ ...ghost, text: ghost.text.replaceAll("ghost", "secret") });
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
    expect(await count(bearer(fx.bobWrite))).toBe(publicLeft);
    expect(await count(bearer(fx.aliceRead))).toBe(publicLeft + privateLeft);
  });
});
