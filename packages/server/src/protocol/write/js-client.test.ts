// The JS @huggingface/hub client against the hub: whoAmI, createRepo, uploadFile, commit (additions and a
// deletion), then the bytes read back. Its hf_ check on tokens passes with the hub's tokens.
import { commit, createRepo, uploadFile, whoAmI } from "@huggingface/hub";
import { describe, expect, it } from "vitest";
import { useSeededRepoHub } from "../../test-utils/seeded-repo-hub.js";

const { hub, fx } = useSeededRepoHub();

describe("@huggingface/hub writes", () => {
  it("creates a private repository, uploads and commits, and reads it all back", async () => {
    const common = { accessToken: fx.aliceWrite, hubUrl: hub.url };
    const me = await whoAmI(common);
    expect(me).toMatchObject({ type: "user", name: "alice", auth: { accessToken: { role: "write" } } });

    const repo = { type: "model" as const, name: "acme/js-repo" };
    const created = await createRepo({ ...common, repo, private: true });
    expect(created.repoUrl).toBe(`${hub.url}/acme/js-repo`);
    await uploadFile({
      ...common,
      repo,
      file: { path: "hello.txt", content: new Blob(["hello from js"]) },
      useXet: false,
    });
    const result = await commit({
      ...common,
      repo,
      title: "Add two, drop one",
      useXet: false,
      operations: [
        { operation: "addOrUpdate", path: "config.json", content: new Blob(['{"model_type":"gpt2"}']) },
        { operation: "addOrUpdate", path: "docs/a.md", content: new Blob(["# a"]) },
        { operation: "delete", path: "hello.txt" },
      ],
    });
    expect(result?.commit.oid).toMatch(/^[0-9a-f]{40}$/);

    const auth = { headers: { authorization: `Bearer ${fx.aliceWrite}` } };
    expect(await (await hub.fetch("/acme/js-repo/resolve/main/config.json", auth)).text()).toBe(
      '{"model_type":"gpt2"}',
    );
    expect((await hub.fetch("/acme/js-repo/resolve/main/hello.txt", auth)).status).toBe(404);
    expect((await hub.fetch("/acme/js-repo/resolve/main/config.json")).status).toBe(404);
    await expect(whoAmI({ accessToken: fx.revoked, hubUrl: hub.url })).rejects.toThrow();
  });
});
