import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { InferenceInfo, InferenceSnippet } from "../../api";
import { CHAT_MODEL, CHAT_SNIPPETS } from "../../test/fixtures";
import { type PanelState, readPanelState } from "../panel-state";
import { InferenceView } from "./InferenceView";
import { chooseInference } from "./inference-choice";
import { isChatModel } from "./is-chat-model";
import { providerChoices } from "./provider-choices";

const IMAGE_MODEL = { ...CHAT_MODEL, id: "org/vit", pipeline_tag: "image-classification", tags: ["vision"] };

function renderView({
  state = {},
  inference = CHAT_SNIPPETS.inference,
  info = CHAT_SNIPPETS.inferenceInfo,
  error = null,
  model = CHAT_MODEL,
}: {
  state?: Partial<PanelState>;
  inference?: InferenceSnippet[];
  info?: InferenceInfo;
  error?: string | null;
  model?: typeof CHAT_MODEL;
}) {
  const onChange = vi.fn();
  render(
    <InferenceView
      model={model}
      snippets={{ inference, inferenceInfo: info }}
      error={error}
      state={{ ...readPanelState(new URLSearchParams()), ...state }}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe("InferenceView", () => {
  it("shows python first with its clients as tabs and the snippet of the first client", () => {
    renderView({});
    expect(screen.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
    const clients = within(screen.getByRole("tablist", { name: "Python client" })).getAllByRole("tab");
    expect(clients.map((tab) => tab.textContent)).toEqual(["huggingface_hub", "openai"]);
    expect(screen.getByRole("figure", { name: "Python huggingface_hub snippet" })).toHaveTextContent(
      "from huggingface_hub import InferenceClient",
    );
  });

  it("shows the language and client of the state, and only clients that have a snippet", () => {
    renderView({ state: { language: "js", client: "openai" } });
    const clients = within(screen.getByRole("tablist", { name: "JavaScript client" })).getAllByRole("tab");
    expect(clients.map((tab) => tab.textContent)).toEqual(["huggingface.js", "openai"]);
    expect(screen.getByRole("tab", { name: "openai" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("figure", { name: "JavaScript openai snippet" })).toHaveTextContent('from "openai"');
  });

  it("switches language with the keyboard and resets the client", async () => {
    const user = userEvent.setup();
    const onChange = renderView({});
    screen.getByRole("tab", { name: "Python" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(onChange).toHaveBeenLastCalledWith({ language: "js", client: null }, { replace: true });
    await user.keyboard("{End}");
    expect(onChange).toHaveBeenLastCalledWith({ language: "sh", client: null }, { replace: true });
  });

  it("reports client, provider, streaming and option changes", async () => {
    const user = userEvent.setup();
    const onChange = renderView({});
    await user.click(screen.getByRole("tab", { name: "openai" }));
    expect(onChange).toHaveBeenLastCalledWith({ client: "openai" }, { replace: true });
    await user.selectOptions(screen.getByRole("combobox", { name: "Provider" }), "together");
    expect(onChange).toHaveBeenLastCalledWith({ provider: "together" });
    await user.click(screen.getByRole("checkbox", { name: "Stream the response" }));
    expect(onChange).toHaveBeenLastCalledWith({ streaming: "true" });
    await user.click(screen.getByRole("checkbox", { name: /Direct request/ }));
    expect(onChange).toHaveBeenLastCalledWith({ directRequest: "true" });
    await user.type(screen.getByRole("textbox", { name: "Bill to (organisation)" }), "a");
    expect(onChange).toHaveBeenLastCalledWith({ billTo: "a" }, { replace: true });
    await user.type(screen.getByRole("textbox", { name: "Custom endpoint URL" }), "h");
    expect(onChange).toHaveBeenLastCalledWith({ endpointUrl: "h" }, { replace: true });
  });

  it("offers auto, hf-inference and the model's providers", () => {
    renderView({ state: { provider: "together", streaming: true } });
    const picker = screen.getByRole("combobox", { name: "Provider" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["auto", "hf-inference", "together", "novita"]);
    expect(picker).toHaveDisplayValue("together");
    expect(screen.getByRole("checkbox", { name: "Stream the response" })).toBeChecked();
  });

  it("has no streaming toggle for a model that is not a chat model", () => {
    renderView({ model: IMAGE_MODEL });
    expect(screen.queryByRole("checkbox", { name: "Stream the response" })).toBeNull();
  });

  it("names the token variable, never a token", () => {
    renderView({ info: { reason: null, token: { variable: "TOGETHER_API_KEY", accessTokenReplaced: false } } });
    expect(screen.getByText("TOGETHER_API_KEY")).toBeInTheDocument();
    expect(screen.getAllByRole("note")[0]).toHaveTextContent(
      "These snippets read your access token from the environment variable TOGETHER_API_KEY.",
    );
  });

  it("explains why there is no snippet, from the engine's reason", () => {
    renderView({
      inference: [],
      info: {
        reason: { code: "provider-task", message: "The provider “fal-ai” does not serve the task text-generation." },
        token: { variable: "FAL_AI_API_KEY", accessTokenReplaced: false },
      },
    });
    expect(screen.getByRole("note")).toHaveTextContent(
      "No snippet. The provider “fal-ai” does not serve the task text-generation.",
    );
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  it("explains a language without a client for the chosen provider", () => {
    const pythonOnly = CHAT_SNIPPETS.inference.filter((snippet) => snippet.language === "python");
    renderView({ inference: pythonOnly, state: { language: "sh", provider: "novita" } });
    expect(screen.getByRole("tab", { name: "Shell" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent(
      "No snippet. No Shell client supports this task with the provider “novita”.",
    );
  });

  it("shows a bad option's error with a way back", async () => {
    const user = userEvent.setup();
    const onChange = renderView({ error: "endpointUrl: must be an http(s) URL", state: { endpointUrl: "ftp://x" } });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("endpointUrl: must be an http(s) URL");
    expect(screen.queryByRole("figure")).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Reset inference options" }));
    expect(onChange).toHaveBeenLastCalledWith({ provider: null, billTo: null, endpointUrl: null, directRequest: null });
  });
});

describe("chooseInference", () => {
  it("falls back to the first language with a snippet and the first client", () => {
    const shOnly = CHAT_SNIPPETS.inference.filter((snippet) => snippet.language === "sh");
    expect(chooseInference(shOnly, { language: null, client: "openai" })).toMatchObject({
      language: "sh",
      clients: ["curl"],
      client: "curl",
    });
    expect(chooseInference([], { language: null, client: null })).toEqual({
      language: "python",
      clients: [],
      client: null,
      snippets: [],
    });
  });
});

describe("providerChoices", () => {
  it("keeps an unmapped provider chosen through a link, once", () => {
    const values = providerChoices({ "hf-inference": { providerId: "x", task: "t", status: "live" } }, "groq").map(
      (choice) => choice.value,
    );
    expect(values).toEqual(["auto", "hf-inference", "groq"]);
  });
});

describe("isChatModel", () => {
  it("matches the engine's chat rule", () => {
    expect(isChatModel({ pipeline_tag: "text-generation", tags: ["conversational"] })).toBe(true);
    expect(isChatModel({ pipeline_tag: "text-generation", tags: [] })).toBe(false);
    expect(isChatModel({ pipeline_tag: "image-text-to-text", tags: [] })).toBe(true);
    expect(isChatModel({ pipeline_tag: "image-classification", tags: ["conversational"] })).toBe(false);
    expect(isChatModel({ pipeline_tag: null, tags: ["conversational"] })).toBe(false);
  });
});
