import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError, type ModelSnippets } from "../../api";
import { CHAT_MODEL, CHAT_SNIPPETS, HOSTILE, HOSTILE_MODEL, HOSTILE_SNIPPETS } from "../../test/fixtures";
import { type PanelState, readPanelState } from "../panel-state";
import { UseThisModel } from "./UseThisModel";

function renderPanel(snippets: ModelSnippets | undefined, state: Partial<PanelState> = {}, error: unknown = undefined) {
  const onChange = vi.fn();
  const onRetry = vi.fn();
  const utils = render(
    <UseThisModel
      model={CHAT_MODEL}
      snippets={snippets}
      error={error}
      libraries={{ data: snippets, error, reload: onRetry }}
      providers={undefined}
      loading={false}
      state={{ ...readPanelState(new URLSearchParams()), ...state }}
      onChange={onChange}
      onRetry={onRetry}
    />,
  );
  return { ...utils, onChange, onRetry };
}

/** The panel of the library tab list (not the inference tabs). */
function libraryPanel(): HTMLElement {
  const tablist = screen.getByRole("tablist", { name: "Library" });
  const panelId = within(tablist).getAllByRole("tab")[0]?.getAttribute("aria-controls") ?? "";
  const panel = document.getElementById(panelId);
  if (!panel) throw new Error("no library panel");
  return panel;
}

describe("UseThisModel: library sections", () => {
  it("offers one tab per applicable library, library_name first", () => {
    renderPanel(CHAT_SNIPPETS);
    const tabs = within(screen.getByRole("tablist", { name: "Library" })).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Transformers", "PEFT"]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
  });

  it("shows the label, repository link, docs link, filter badge and each snippet", () => {
    renderPanel(CHAT_SNIPPETS);
    const section = within(libraryPanel());
    expect(section.getByRole("heading", { name: "Transformers" })).toBeInTheDocument();
    expect(section.getByRole("link", { name: "transformers" })).toHaveAttribute(
      "href",
      "https://github.com/huggingface/transformers",
    );
    const docs = section.getByRole("link", { name: "Documentation" });
    expect(docs).toHaveAttribute("href", "https://huggingface.co/docs/transformers");
    expect(docs).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(section.getByText("Filter library")).toBeInTheDocument();
    expect(section.getByRole("figure", { name: "Transformers snippet 1" })).toHaveTextContent(
      "from transformers import pipeline",
    );
    expect(section.getByRole("figure", { name: "Transformers snippet 2" })).toHaveTextContent(
      "pip install -U transformers",
    );
    expect(section.getByText("Shell")).toBeInTheDocument();
  });

  it("shows the library chosen in the state; no docs link or badge when the registry has none", () => {
    renderPanel(CHAT_SNIPPETS, { library: "peft" });
    const section = within(libraryPanel());
    expect(section.getByRole("heading", { name: "PEFT" })).toBeInTheDocument();
    expect(section.queryByRole("link", { name: "Documentation" })).toBeNull();
    expect(section.queryByText("Filter library")).toBeNull();
    // A fallback text is a note, not code to paste.
    expect(section.getByRole("note")).toHaveTextContent("Task type is invalid.");
    expect(section.queryByRole("figure")).toBeNull();
  });

  it("flags a snippet whose comments carry a fallback text", () => {
    const peft = {
      ...CHAT_SNIPPETS.libraries[1]!,
      snippets: ["# Task type is invalid.\n# Base model is not found.\nfrom peft import PeftModel"],
    };
    renderPanel({ ...CHAT_SNIPPETS, libraries: [peft] });
    const section = within(libraryPanel());
    expect(section.getByRole("note")).toHaveTextContent(
      "The model record lacks what this snippet needs: Task type is invalid. · Base model is not found.",
    );
    expect(section.getByRole("figure", { name: "PEFT snippet" })).toHaveTextContent("from peft import PeftModel");
  });

  it("falls back to the first library when the state names one that does not apply", () => {
    renderPanel(CHAT_SNIPPETS, { library: "keras" });
    expect(within(libraryPanel()).getByRole("heading", { name: "Transformers" })).toBeInTheDocument();
  });

  it("reports a library choice as a state change", async () => {
    const user = userEvent.setup();
    const { onChange } = renderPanel(CHAT_SNIPPETS);
    await user.click(screen.getByRole("tab", { name: "PEFT" }));
    expect(onChange).toHaveBeenCalledWith({ library: "peft" }, { replace: true });
  });

  it("says when no library applies, and when a library has no snippet", () => {
    const { unmount } = renderPanel({ ...CHAT_SNIPPETS, libraries: [] });
    expect(screen.getByText(/No library applies to this model/)).toBeInTheDocument();
    unmount();
    const bare = {
      ...CHAT_SNIPPETS.libraries[1]!,
      key: "acestep",
      prettyLabel: "ACE-Step",
      snippets: [],
      languages: [],
    };
    renderPanel({ ...CHAT_SNIPPETS, libraries: [bare] });
    expect(within(libraryPanel()).getByRole("note")).toHaveTextContent("ACE-Step has no load snippet");
  });

  it("shows loading, then a failed load with a retry", async () => {
    const user = userEvent.setup();
    const { unmount } = renderPanel(undefined);
    expect(screen.getAllByRole("status")[0]).toHaveTextContent("Loading snippets…");
    unmount();
    const { onRetry } = renderPanel(undefined, {}, new ApiError(0, "The server could not be reached."));
    const alert = screen.getAllByRole("alert")[0]!;
    expect(alert).toHaveTextContent("The snippets could not be loaded. The hub cannot be reached.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe("UseThisModel: hostile metadata", () => {
  it("renders every hostile string as inert text and links nowhere but http(s)", () => {
    const { container } = render(
      <UseThisModel
        model={HOSTILE_MODEL}
        snippets={HOSTILE_SNIPPETS}
        error={undefined}
        libraries={{ data: HOSTILE_SNIPPETS, error: undefined, reload: vi.fn() }}
        providers={undefined}
        loading={false}
        state={readPanelState(new URLSearchParams({ provider: HOSTILE.img }))}
        onChange={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(container.querySelector("script, img, iframe, [onerror]")).toBeNull();
    for (const link of container.querySelectorAll("a")) {
      expect(link.getAttribute("href")).toMatch(/^https?:\/\//);
    }
    // The registry fields with a script URL stay as text, not links.
    expect(screen.getByText(HOSTILE.script, { selector: "span" })).toBeInTheDocument();
    // The only link is the notebook download on this hub, the id percent-encoded in its path.
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(["Download notebook (.ipynb)"]);
    expect(screen.getByRole("heading", { name: HOSTILE.img })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Provider" })).toHaveDisplayValue(HOSTILE.img);
    expect(container.textContent).toContain(`No snippet for the task ${HOSTILE.img}.`);
    expect(screen.getByRole("figure", { name: "Clone this model with git" })).toHaveTextContent(HOSTILE.img);
  });
});

describe("UseThisModel: a model on this self-hosted hub", () => {
  it("shows first the HF_ENDPOINT line for Python and the git clone line", () => {
    renderPanel(CHAT_SNIPPETS);
    const setup = screen.getByRole("region", { name: "First, point your tools at this hub" });
    expect(within(setup).getByRole("figure", { name: "Point Python libraries at this hub" })).toHaveTextContent(
      "export HF_ENDPOINT='http://hub.lan:8080'",
    );
    expect(within(setup).getByRole("figure", { name: "Clone this model with git" })).toHaveTextContent(
      "git clone 'http://hub.lan:8080/meta-llama/Llama-3.1-8B-Instruct'",
    );
    // It comes before the library tabs.
    const tabs = screen.getByRole("tablist", { name: "Library" });
    expect(setup.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows nothing of the kind for a model on the public hub", () => {
    renderPanel({ ...CHAT_SNIPPETS, hub: null });
    expect(screen.queryByRole("region", { name: "First, point your tools at this hub" })).toBeNull();
  });
});
