import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CHAT_MODEL, CHAT_MODEL_BODY, CHAT_SNIPPETS, NO_LOCAL_APPS } from "../../test/fixtures";
import { mockApi, requestedUrls } from "../../test/mock-api";
import { ModelPage } from "./ModelPage";
import { readModelTab, tabChange } from "./model-tab";

const ID = CHAT_MODEL.id;
const CARD = {
  html: "<h1>Llama card</h1>\n<table><thead><tr><th>Metric</th></tr></thead><tbody><tr><td>0.9</td></tr></tbody></table>",
  frontMatter: { license: "llama3.1", base_model: "meta-llama/Llama-3.1-8B", tags: ["x"] },
  sha256: "0".repeat(64),
};
const FILES = [
  { path: "config.json", size: 1200, sha256: "a".repeat(64), updatedAt: null, url: `/${ID}/resolve/main/config.json` },
];

/** Serves the chat model with a card and one file, or without a card when `card` is false. */
function serveModel(card = true) {
  return mockApi({
    [`/api/models/${ID}`]: { body: card ? CHAT_MODEL_BODY : CHAT_MODEL },
    [`/api/models/${ID}/snippets`]: { body: CHAT_SNIPPETS },
    [`/api/models/${ID}/files`]: { body: FILES },
    [`/api/models/${ID}/local-apps`]: { body: NO_LOCAL_APPS },
    [`/api/models/${ID}/card`]: card
      ? { body: CARD }
      : { status: 404, body: { error: `file "README.md" not found in model "${ID}"` } },
  });
}

describe("ModelPage tabs", () => {
  it("shows the rendered card by default, with its front matter facts, beside the panel", async () => {
    window.history.replaceState(null, "", `/${ID}`);
    const fetchMock = serveModel();
    render(<ModelPage id={ID} />);
    const tabs = await screen.findByRole("tablist", { name: "Model" });
    expect(within(tabs).getByRole("tab", { name: "Model card" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("heading", { level: 1, name: "Llama card" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "0.9" })).toBeInTheDocument();
    expect(screen.getByText("llama3.1")).toBeInTheDocument();
    expect(screen.getByText("meta-llama/Llama-3.1-8B")).toBeInTheDocument();
    expect(await screen.findByRole("figure", { name: "Transformers snippet 1" })).toBeInTheDocument();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain(`/api/models/${ID}/files`);
  });

  it("says so when the model has no card, without an error and without asking for it", async () => {
    window.history.replaceState(null, "", `/${ID}`);
    const fetchMock = serveModel(false);
    render(<ModelPage id={ID} />);
    expect(await screen.findByText(/No model card/)).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).not.toContain(`/api/models/${ID}/card`);
  });

  it("opens the tab named in the URL, keeping the panel's parameters", async () => {
    window.history.replaceState(null, "", `/${ID}?tab=files&language=js`);
    serveModel();
    render(<ModelPage id={ID} />);
    expect(await screen.findByRole("rowheader", { name: "config.json" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Files" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("link", { name: "Download config.json" })).toHaveAttribute(
      "href",
      `/${ID}/resolve/main/config.json`,
    );
    expect(await screen.findByRole("tab", { name: "JavaScript" })).toHaveAttribute("aria-selected", "true");
  });

  it("writes the chosen tab to the URL, replacing the history entry (arrow keys add none)", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/${ID}?provider=together`);
    serveModel();
    render(<ModelPage id={ID} />);
    await screen.findByRole("heading", { level: 1, name: "Llama card" });
    const lengthBefore = window.history.length;

    await user.click(screen.getByRole("tab", { name: "Files" }));
    expect(window.location.search).toBe("?provider=together&tab=files");
    expect(await screen.findByRole("rowheader", { name: "config.json" })).toBeInTheDocument();

    // Keyboard: the tabs pattern's arrow keys select too, and the default tab leaves the URL plain.
    await user.keyboard("{ArrowLeft}");
    expect(window.location.search).toBe("?provider=together");
    expect(screen.getByRole("tab", { name: "Model card" })).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowLeft}{ArrowRight}");
    expect(window.location.search).toBe("?provider=together&tab=files");
    expect(window.history.length).toBe(lengthBefore);
  });
});

describe("model tab in the URL", () => {
  it("reads known tabs and falls back to the card", () => {
    expect(readModelTab(new URLSearchParams("tab=files"))).toBe("files");
    expect(readModelTab(new URLSearchParams("tab=card"))).toBe("card");
    expect(readModelTab(new URLSearchParams("tab=%3Cscript%3E"))).toBe("card");
    expect(readModelTab(new URLSearchParams(""))).toBe("card");
    expect(tabChange("files")).toEqual({ tab: "files" });
    expect(tabChange("card")).toEqual({ tab: null });
    expect(tabChange("bogus")).toEqual({ tab: null });
  });
});
