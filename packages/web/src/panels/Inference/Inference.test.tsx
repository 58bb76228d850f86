import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError, type InferenceInfo, type InferenceSnippet } from "../../api";
import { CHAT_MODEL, CHAT_SNIPPETS } from "../../test/fixtures";
import { type PanelState, readPanelState } from "../panel-state";
import { InferenceView } from "./InferenceView";
import { chooseInference } from "./inference-choice";
import { providerChoices } from "./provider-choices";

const IMAGE_MODEL = { ...CHAT_MODEL, id: "org/vit", pipeline_tag: "image-classification", tags: ["vision"] };

function renderView({
  state = {},
  inference = CHAT_SNIPPETS.inference,
  info = CHAT_SNIPPETS.inferenceInfo,
  error,
  model = CHAT_MODEL,
}: {
  state?: Partial<PanelState>;
  inference?: InferenceSnippet[];
  info?: InferenceInfo;
  error?: unknown;
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
      onRetry={() => undefined}
      providers={PROVIDERS}
    />,
  );
  return onChange;
}

const PROVIDERS = [
  { id: "auto", label: "Auto" },
  { id: "together", label: "Together AI" },
  { id: "novita", label: "Novita" },
  { id: "fal-ai", label: "fal" },
];

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

  it("offers auto and the providers that map the model, by their names", () => {
    renderView({ state: { provider: "together", streaming: true } });
    const picker = screen.getByRole("combobox", { name: "Provider" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => `${option.getAttribute("value")}=${option.textContent}`),
    ).toEqual(["auto=Auto (the router picks a provider)", "together=Together AI", "novita=Novita (staging)"]);
    expect(picker).toHaveDisplayValue("Together AI");
    expect(screen.getByRole("checkbox", { name: "Stream the response" })).toBeChecked();
  });

  it("has no streaming toggle for a model that is not a chat model", () => {
    renderView({ model: IMAGE_MODEL, info: { ...CHAT_SNIPPETS.inferenceInfo, chat: false } });
    expect(screen.queryByRole("checkbox", { name: "Stream the response" })).toBeNull();
  });

  it("offers streaming when the engine says the call is chat, not by reading the model's tags", () => {
    renderView({ model: CHAT_MODEL, info: { ...CHAT_SNIPPETS.inferenceInfo, chat: false } });
    expect(screen.queryByRole("checkbox", { name: "Stream the response" })).toBeNull();
    renderView({ model: IMAGE_MODEL, info: { ...CHAT_SNIPPETS.inferenceInfo, chat: true } });
    expect(screen.getByRole("checkbox", { name: "Stream the response" })).not.toBeChecked();
  });

  it("names the token variable, never a token", () => {
    renderView({
      info: { reason: null, chat: true, token: { variable: "TOGETHER_API_KEY", accessTokenReplaced: false } },
    });
    expect(screen.getByText("TOGETHER_API_KEY")).toBeInTheDocument();
    expect(screen.getAllByRole("note")[0]).toHaveTextContent(
      "These snippets read your access token from the environment variable TOGETHER_API_KEY.",
    );
  });

  it("names the clients the engine left out for the shown language, with the engine's reason", () => {
    renderView({
      info: {
        ...CHAT_SNIPPETS.inferenceInfo,
        omitted: [
          { language: "python", client: "huggingface_hub", reason: "Huggingface_hub has no text-to-audio method." },
          { language: "js", client: "huggingface.js", reason: "It refuses it." },
        ],
      },
    });
    const note = screen.getByText(/Not offered here/);
    expect(note).toHaveTextContent(
      "Not offered here: huggingface_hub, because huggingface_hub has no text-to-audio method.",
    );
    expect(note).not.toHaveTextContent("huggingface.js");
  });

  it("explains why there is no snippet, from the engine's reason", () => {
    renderView({
      inference: [],
      info: {
        reason: { code: "provider-task", message: "The provider “fal-ai” does not serve the task text-generation." },
        chat: true,
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
      "No snippet. No Shell client supports this task with the provider “Novita”.",
    );
  });

  it("names a bad value from the URL in plain words and drops it with one click", async () => {
    const user = userEvent.setup();
    const error = new ApiError(400, 'parameter "endpointUrl": Option endpointUrl must be an http(s) URL');
    const onChange = renderView({ error, state: { endpointUrl: "ftp://x" } });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The endpoint URL “ftp://x” in the address must be an http(s) URL.");
    expect(alert).not.toHaveTextContent("parameter");
    expect(screen.queryByRole("figure")).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Remove the endpoint URL" }));
    expect(onChange).toHaveBeenLastCalledWith({ endpointUrl: null });
  });

  it("says an unknown provider is unknown, without listing the table", () => {
    const error = new ApiError(400, 'parameter "provider": Unknown provider "bogus"; expected one of auto, baseten');
    renderView({ error, state: { provider: "bogus" } });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The inference provider “bogus” in the address is not one this hub knows.",
    );
  });

  it("blames the network, not the options, when the hub cannot be reached, and offers a retry", () => {
    renderView({ error: new ApiError(0, "The server could not be reached.") });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The hub cannot be reached.");
    expect(alert).not.toHaveTextContent(/options/i);
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("shows a server error's request id", () => {
    renderView({ error: new ApiError(503, "boom", "req-7") });
    expect(screen.getByRole("alert")).toHaveTextContent("HTTP 503");
    expect(screen.getByRole("alert")).toHaveTextContent("Request id: req-7");
  });

  it("says when no provider maps the model and offers the custom endpoint instead of code that cannot work", () => {
    renderView({ model: { ...CHAT_MODEL, inferenceProviderMapping: {} } });
    expect(screen.getByRole("note")).toHaveTextContent("No inference provider serves this model.");
    expect(screen.queryByRole("combobox", { name: "Provider" })).toBeNull();
    expect(screen.queryByRole("figure")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Custom endpoint URL" })).toBeInTheDocument();
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
    const mapping = { "hf-inference": { providerId: "x", task: "t", status: "live" } };
    const values = providerChoices(mapping, "groq", undefined).map((choice) => choice.value);
    expect(values).toEqual(["auto", "hf-inference", "groq"]);
  });

  it("offers nothing for a model no provider maps", () => {
    expect(providerChoices({}, null, undefined)).toEqual([]);
  });
});
