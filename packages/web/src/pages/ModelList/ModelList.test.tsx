import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ModelSummary } from "../../api";
import { HOSTILE } from "../../test/fixtures";
import { type MockAnswer, mockApi, requestedUrls } from "../../test/mock-api";
import { filterChips, hasFilters, readListQuery, removeChip, toggleTag, totalText } from "./list-query";
import { ModelList } from "./ModelList";

const MODELS: ModelSummary[] = [
  {
    id: "meta-llama/Llama-3.1-8B-Instruct",
    author: "meta-llama",
    library_name: "transformers",
    pipeline_tag: "text-generation",
    tags: ["conversational"],
    downloads: 1_234_567,
    likes: 4321,
    lastModified: "2025-10-01T12:00:00Z",
  },
  {
    id: "sentence-transformers/all-MiniLM-L6-v2",
    author: "sentence-transformers",
    library_name: "sentence-transformers",
    pipeline_tag: "sentence-similarity",
    tags: [],
    downloads: 999,
    likes: 12,
    lastModified: null,
  },
];

const FACETS = {
  total: { count: 2, exact: true },
  libraries: [
    { id: "transformers", count: 7 },
    { id: "sentence-transformers", count: 3 },
  ],
  pipelines: [{ id: "text-generation", count: 5 }],
  tags: [{ id: "conversational", count: 4 }],
};

/** Serves the catalog; `models` decides the answer of `/api/models` per request, `facets` of `/api/model-facets`. */
function serveCatalog(
  models: (url: URL) => MockAnswer = () => ({ body: MODELS }),
  facets: (url: URL) => MockAnswer = () => ({ body: FACETS }),
) {
  return mockApi({
    "/api/models": models,
    "/api/model-facets": facets,
    "/api/libraries": {
      body: [
        { key: "transformers", prettyLabel: "Transformers", filter: true, count: 7 },
        { key: "sentence-transformers", prettyLabel: "sentence-transformers", filter: true, count: 3 },
        { key: "unused", prettyLabel: "Unused", filter: true, count: 0 },
      ],
    },
    "/api/pipelines": { body: [{ id: "text-generation", count: 5 }] },
  });
}

function modelRequests(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return requestedUrls(fetchMock).filter((url) => url.pathname === "/api/models");
}

describe("ModelList", () => {
  it("lists models with task, library, downloads, likes and update date", async () => {
    serveCatalog();
    render(<ModelList />);
    const list = await screen.findByRole("list", { name: "Models" });
    const rows = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole("link", { name: MODELS[0]!.id })).toHaveAttribute(
      "href",
      "/meta-llama/Llama-3.1-8B-Instruct",
    );
    expect(rows[0]).toHaveTextContent("text-generation");
    expect(rows[0]).toHaveTextContent("transformers");
    expect(rows[0]).toHaveTextContent("1.2M downloads");
    expect(rows[0]).toHaveTextContent("4.3K likes");
    expect(rows[0]).toHaveTextContent("Updated Oct 1, 2025");
  });

  it("offers the filter libraries that have models, with counts, and filters by one", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCatalog();
    render(<ModelList />);
    const transformers = await screen.findByRole("button", { name: "Transformers 7" });
    expect(screen.queryByRole("button", { name: /Unused/ })).toBeNull();
    await user.click(transformers);
    expect(transformers).toHaveAttribute("aria-pressed", "true");
    expect(window.location.search).toBe("?library=transformers");
    await waitFor(() => expect(modelRequests(fetchMock).at(-1)?.searchParams.get("library")).toBe("transformers"));
    await user.click(transformers);
    expect(window.location.search).toBe("");
  });

  it("filters by task and tags, and sorts", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCatalog();
    render(<ModelList />);
    // The tasks arrive with their own request: choose one once it is offered.
    await screen.findByRole("option", { name: "text-generation (5)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Task" }), "text-generation");
    await user.click(await screen.findByRole("button", { name: "conversational 4" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort" }), "lastModified");
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      pipeline_tag: "text-generation",
      filter: "conversational",
      sort: "lastModified",
    });
    await waitFor(() =>
      expect(Object.fromEntries(modelRequests(fetchMock).at(-1)?.searchParams ?? [])).toEqual({
        pipeline_tag: "text-generation",
        filter: "conversational",
        sort: "lastModified",
      }),
    );
  });

  it("debounces the search box", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCatalog();
    render(<ModelList />);
    await screen.findByRole("list", { name: "Models" });
    const before = modelRequests(fetchMock).length;
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "llama");
    expect(window.location.search).toBe("?search=llama");
    await waitFor(() => expect(modelRequests(fetchMock).at(-1)?.searchParams.get("search")).toBe("llama"));
    expect(modelRequests(fetchMock).length - before).toBeLessThan(3);
  });

  it("pages forwards and back with the Link header's cursors, showing the total and the page number", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCatalog(
      (url) =>
        url.searchParams.get("cursor") === "abc"
          ? { body: [MODELS[1]], headers: { link: '</api/models?sort=downloads>; rel="prev"' } }
          : { body: [MODELS[0]], headers: { link: '</api/models?sort=downloads&cursor=abc>; rel="next"' } },
      () => ({ body: { ...FACETS, total: { count: 10_000, exact: false } } }),
    );
    render(<ModelList />);
    expect(await screen.findByText("10,000+ models")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(await screen.findByRole("button", { name: "Next page" }));
    expect(window.location.search).toBe("?cursor=abc&page=2");
    expect(await screen.findByRole("link", { name: MODELS[1]!.id })).toBeInTheDocument();
    expect(screen.getByText("· page 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(window.location.search).toBe("");
    expect(await screen.findByRole("link", { name: MODELS[0]!.id })).toBeInTheDocument();
    expect(modelRequests(fetchMock).some((url) => url.searchParams.get("cursor") === "abc")).toBe(true);
  });

  it("shows every active filter as a removable chip, the library by its label, with Clear all", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/models?library=transformers&filter=conversational,en&search=llama");
    const fetchMock = serveCatalog();
    render(<ModelList />);
    const active = await screen.findByRole("region", { name: "Active filters" });
    await within(active).findByRole("button", { name: "Remove filter Library: Transformers" });
    expect(
      within(active)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label") ?? b.textContent),
    ).toEqual([
      "Remove filter Search: “llama”",
      "Remove filter Library: Transformers",
      "Remove filter Tag: conversational",
      "Remove filter Tag: en",
      "Clear all",
    ]);
    await user.click(within(active).getByRole("button", { name: "Remove filter Tag: conversational" }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      library: "transformers",
      filter: "en",
      search: "llama",
    });
    await waitFor(() => expect(requestedUrls(fetchMock).at(-1)?.searchParams.get("filter")).toBe("en"));
    await user.click(within(active).getByRole("button", { name: "Clear all" }));
    expect(window.location.search).toBe("");
    expect(screen.queryByRole("region", { name: "Active filters" })).toBeNull();
  });

  it("counts each facet under the other filters: the facet request carries the filters", async () => {
    window.history.replaceState(null, "", "/models?library=transformers&pipeline_tag=text-generation");
    const fetchMock = serveCatalog();
    render(<ModelList />);
    await screen.findByRole("button", { name: "Transformers 7" });
    const facetRequest = requestedUrls(fetchMock).find((url) => url.pathname === "/api/model-facets");
    expect(facetRequest?.searchParams.get("library")).toBe("transformers");
    expect(facetRequest?.searchParams.get("pipeline_tag")).toBe("text-generation");
    expect(screen.getByText("2 models")).toBeInTheDocument();
  });

  it("says when no model matches and clears the filters", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/models?search=zzz&library=transformers");
    serveCatalog((url) => ({ body: url.searchParams.has("search") ? [] : MODELS }));
    render(<ModelList />);
    expect(await screen.findByText("No model matches these filters.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(window.location.search).toBe("");
    expect(await screen.findByRole("list", { name: "Models" })).toBeInTheDocument();
  });

  it("shows the server's error and retries", async () => {
    const user = userEvent.setup();
    let fail = true;
    serveCatalog(() => (fail ? { status: 500, body: { error: "Database unavailable." } } : { body: MODELS }));
    render(<ModelList />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The models could not be loaded. The hub had a problem answering (HTTP 500).");
    expect(alert).not.toHaveTextContent("Database unavailable");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Models" })).toBeInTheDocument();
  });

  it("renders hostile ids and tags as text", async () => {
    serveCatalog(() => ({
      body: [{ ...MODELS[0], id: `x/${HOSTILE.img}`, library_name: HOSTILE.script, pipeline_tag: HOSTILE.jsUrl }],
    }));
    const { container } = render(<ModelList />);
    const link = await screen.findByRole("link", { name: `x/${HOSTILE.img}` });
    expect(link.getAttribute("href")).toBe(`/x/${encodeURIComponent(HOSTILE.img)}`);
    expect(container.querySelector("script, img, [onerror]")).toBeNull();
    expect(screen.getByText(HOSTILE.script)).toBeInTheDocument();
  });
});

describe("list query", () => {
  it("names the active filters and removes one", () => {
    const query = readListQuery(new URLSearchParams("library=gguf&filter=a,b&pipeline_tag=text-generation"));
    const chips = filterChips(query, (key) => key.toUpperCase());
    expect(chips.map((chip) => `${chip.kind}:${chip.label}`)).toEqual([
      "Library:GGUF",
      "Task:text-generation",
      "Tag:a",
      "Tag:b",
    ]);
    expect(removeChip(query, chips[2]!)).toEqual({ filter: "b" });
    expect(removeChip(query, chips[0]!)).toEqual({ library: null });
    expect(totalText({ count: 1, exact: true })).toBe("1 model");
    expect(totalText({ count: 1234, exact: true })).toBe("1,234 models");
    expect(totalText({ count: 10_000, exact: false })).toBe("10,000+ models");
  });

  it("reads the URL with defaults and toggles tags", () => {
    const query = readListQuery(new URLSearchParams("filter=a,b&sort=bogus"));
    expect(query).toMatchObject({ tags: ["a", "b"], sort: "downloads", search: "" });
    expect(hasFilters(query)).toBe(true);
    expect(hasFilters(readListQuery(new URLSearchParams("sort=likes")))).toBe(false);
    expect(toggleTag(["a", "b"], "a")).toBe("b");
    expect(toggleTag(["a"], "a")).toBeNull();
    expect(toggleTag(["a"], "c")).toBe("a,c");
  });
});
