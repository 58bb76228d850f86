import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubModel, numberedModels } from "../test-utils/hub-models.js";
import { startTestApp, type TestApp } from "../test-utils/test-app.js";

const MODELS = [
  hubModel("meta-llama/Llama-3.1-8B-Instruct", {
    library_name: "transformers",
    pipeline_tag: "text-generation",
    tags: ["transformers", "conversational", "en"],
    downloads: 900,
    likes: 50,
    lastModified: "2024-07-01T00:00:00.000Z",
  }),
  hubModel("meta-llama/Llama-3.2-1B", {
    library_name: "transformers",
    pipeline_tag: "text-generation",
    tags: ["transformers", "en"],
    downloads: 500,
    likes: 80,
    lastModified: "2024-09-01T00:00:00.000Z",
  }),
  hubModel("stabilityai/stable-diffusion-xl-base-1.0", {
    library_name: "diffusers",
    pipeline_tag: "text-to-image",
    tags: ["diffusers", "en"],
    downloads: 700,
    likes: 90,
    lastModified: "2023-10-01T00:00:00.000Z",
  }),
  ...numberedModels("bulk", 45, { library_name: "timm", pipeline_tag: "image-classification", tags: ["timm"] }),
];

interface Item {
  id: string;
  author: string;
  library_name: string | null;
  pipeline_tag: string | null;
  tags: string[];
  downloads: number;
  likes: number;
  lastModified: string;
}

let hub: TestApp;
beforeAll(async () => {
  hub = await startTestApp(MODELS);
});
afterAll(() => hub.close());

// The URL of `rel` in a Link header, or null.
function linkOf(header: string | null, rel: string): string | null {
  for (const part of (header ?? "").split(", ")) {
    const match = /^<([^>]+)>; rel="(next|prev)"$/.exec(part);
    if (part !== "" && !match) return "bad link";
    if (match?.[2] === rel) return match[1] ?? null;
  }
  return null;
}

async function list(
  query: string,
): Promise<{ status: number; items: Item[]; next: string | null; prev: string | null }> {
  const response = await hub.fetch(`/api/models${query}`);
  const link = response.headers.get("link");
  const items = (await response.json()) as Item[];
  return { status: response.status, items, next: linkOf(link, "next"), prev: linkOf(link, "prev") };
}

const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`.replace("/api/models", "");
};

async function ids(query: string): Promise<string[]> {
  const { status, items } = await list(query);
  expect(status).toBe(200);
  return items.map((m) => m.id);
}

describe("GET /api/models", () => {
  it("lists 30 models by downloads, largest first, each with the list fields only", async () => {
    const { status, items, next } = await list("");
    expect(status).toBe(200);
    expect(items).toHaveLength(30);
    const top = MODELS.reduce((best, m) => (m.downloads > best.downloads ? m : best));
    expect(items[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: top.id,
      author: top.author,
      library_name: top.library_name ?? null,
      pipeline_tag: top.pipeline_tag ?? null,
      tags: top.tags,
      downloads: top.downloads,
      likes: top.likes,
      lastModified: top.lastModified,
    });
    const downloads = items.map((m) => m.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    expect(next).not.toBeNull();
  });

  it("takes the field's extra parameters: repeated expand and expand[], full, config, cardData; ignores unknown expand values", async () => {
    const expanded = await list("?limit=2&expand=downloads&expand[]=tags&expand=noSuchField");
    expect(expanded.status).toBe(200);
    expect(Object.keys(expanded.items[0] ?? {}).sort()).toEqual(["_id", "downloads", "id", "tags"]);
    const full = await list("?limit=2&full=True&config=true");
    expect(full.status).toBe(200);
    expect(full.items[0]).toMatchObject({ _id: expect.any(String), private: false, siblings: expect.any(Array) });
    const tags = await list("?filter=vision&filter=conversational");
    expect(tags.status).toBe(200);
    for (const [query, name] of [
      ["?full=maybe", "full"],
      ["?config=2", "config"],
      ["?sort=trending", "sort"],
    ]) {
      const bad = await list(query as string);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.items)).toContain(name as string);
    }
  });

  it("filters by library, task, author and tags (all must match)", async () => {
    expect(await ids("?library=transformers")).toEqual(["meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.2-1B"]);
    expect(await ids("?pipeline_tag=text-to-image")).toEqual(["stabilityai/stable-diffusion-xl-base-1.0"]);
    expect(await ids("?author=meta-llama&sort=likes")).toEqual([
      "meta-llama/Llama-3.2-1B",
      "meta-llama/Llama-3.1-8B-Instruct",
    ]);
    expect(await ids("?filter=en,conversational")).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
    expect(await ids("?filter=en&library=diffusers")).toEqual(["stabilityai/stable-diffusion-xl-base-1.0"]);
    expect(await ids("?library=keras")).toEqual([]);
  });

  it("searches a case-insensitive substring of the id; an empty search means no filter", async () => {
    expect(await ids("?search=LLAMA-3.")).toEqual(["meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.2-1B"]);
    expect(await ids("?search=xl-base")).toEqual(["stabilityai/stable-diffusion-xl-base-1.0"]);
    expect(await ids("?search=&limit=1000")).toHaveLength(MODELS.length);
  });

  it("sorts by every key in both directions", async () => {
    expect(await ids("?library=transformers&sort=lastModified")).toEqual([
      "meta-llama/Llama-3.2-1B",
      "meta-llama/Llama-3.1-8B-Instruct",
    ]);
    expect(await ids("?library=transformers&sort=lastModified&direction=1")).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct",
      "meta-llama/Llama-3.2-1B",
    ]);
    expect(await ids("?sort=id&direction=1&limit=2")).toEqual(["bulk/model-0000", "bulk/model-0001"]);
    expect(await ids("?sort=id&limit=1")).toEqual(["stabilityai/stable-diffusion-xl-base-1.0"]);
    // Three models share the newest creation date: the last stored comes first.
    expect(await ids("?sort=createdAt&limit=1")).toEqual(["stabilityai/stable-diffusion-xl-base-1.0"]);
    expect(await ids("?sort=createdAt&direction=1&limit=1")).toEqual(["bulk/model-0000"]);
    expect(await ids("?sort=likes&limit=1&pipeline_tag=text-to-image")).toEqual([
      "stabilityai/stable-diffusion-xl-base-1.0",
    ]);
  });

  it("pages with an absolute Link header that keeps the filters, until the last page has none", async () => {
    const seen: string[] = [];
    let path: string | null = "/api/models?library=timm&sort=likes&limit=10";
    let pages = 0;
    while (path) {
      const page = await list(path.replace("/api/models", ""));
      expect(page.status).toBe(200);
      seen.push(...page.items.map((m) => m.id));
      pages++;
      if (page.next) {
        const next = new URL(page.next);
        expect(next.origin).toBe(hub.url);
        expect(next.searchParams.get("library")).toBe("timm");
        path = `${next.pathname}${next.search}`;
      } else path = null;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });

  it.each(["?library=timm&sort=likes&limit=10", "?filter=timm&limit=10", "?library=timm&sort=id&direction=1&limit=10"])(
    'walks back with rel="prev" (%s): each previous page is the one seen before it; the first has none',
    async (start) => {
      const forward: { path: string; ids: string[] }[] = [];
      let path: string | null = start;
      while (path) {
        const page = await list(path);
        forward.push({ path, ids: page.items.map((m) => m.id) });
        if (forward.length === 1) expect(page.prev).toBeNull();
        path = page.next ? pathOf(page.next) : null;
      }
      expect(forward).toHaveLength(5);
      // From the last page back to the first.
      let back = await list(forward[4]?.path ?? "");
      for (let index = 3; index >= 0; index--) {
        expect(back.prev, `page ${index + 2}`).not.toBeNull();
        const prevUrl = new URL(back.prev ?? "");
        expect(prevUrl.searchParams.get(start.includes("filter") ? "filter" : "library")).toBe("timm");
        back = await list(pathOf(back.prev ?? ""));
        expect(back.items.map((m) => m.id)).toEqual(forward[index]?.ids);
      }
      expect(back.prev).toBeNull();
      // A previous page's next link leads forward again.
      const second = await list(forward[1]?.path ?? "");
      const first = await list(pathOf(second.prev ?? ""));
      expect((await list(pathOf(first.next ?? ""))).items.map((m) => m.id)).toEqual(forward[1]?.ids);
    },
  );

  it.each([
    ["?sort=popularity", 'parameter "sort"'],
    ["?direction=2", 'parameter "direction"'],
    ["?limit=0", 'parameter "limit"'],
    ["?limit=1001", 'parameter "limit"'],
    ["?limit=ten", 'parameter "limit"'],
    ["?limit=1.5", 'parameter "limit"'],
    ["?cursor=not-a-cursor", 'parameter "cursor"'],
    ["?cursor=%7B%7D", 'parameter "cursor"'],
    ["?unknown=1", 'unknown parameter "unknown"'],
    ["?library=a&library=b", 'parameter "library" is given more than once'],
    [`?filter=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(",")}`, 'parameter "filter"'],
    [`?search=${"x".repeat(201)}`, 'parameter "search"'],
  ])("answers %s with a 400 naming the parameter", async (query, message) => {
    const response = await hub.fetch(`/api/models${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it("refuses a cursor made for another sort or direction", async () => {
    const { next } = await list("?sort=likes&limit=5");
    const cursor = new URL(next ?? "").searchParams.get("cursor") ?? "";
    const other = await hub.fetch(`/api/models?sort=downloads&limit=5&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: string }).error).toContain("another sort or direction");
    const reversed = await hub.fetch(`/api/models?sort=likes&direction=1&limit=5&cursor=${cursor}`);
    expect(reversed.status).toBe(400);
  });
});

describe("GET /api/model-facets", () => {
  it("answers the total and the facets of the same filters as the list", async () => {
    const response = await hub.fetch("/api/model-facets?filter=en&library=transformers&tags_limit=2");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      total: { count: 2, exact: true },
      libraries: [
        { id: "transformers", count: 2 },
        { id: "diffusers", count: 1 },
      ],
      pipelines: [{ id: "text-generation", count: 2 }],
      tags: [
        { id: "en", count: 2 },
        { id: "transformers", count: 2 },
      ],
    });
  });

  it.each([
    ["?sort=likes", 'parameter "sort"'],
    ["?tags_limit=0", 'parameter "tags_limit"'],
    ["?library=a&library=b", 'parameter "library"'],
  ])("refuses %s with a 400 naming the parameter", async (query, message) => {
    const response = await hub.fetch(`/api/model-facets${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });
});
