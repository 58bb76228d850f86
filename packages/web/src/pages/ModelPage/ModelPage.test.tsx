import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  CHAT_MODEL,
  CHAT_SNIPPETS,
  HOSTILE,
  HOSTILE_MODEL,
  HOSTILE_SNIPPETS,
  NO_LOCAL_APPS,
} from "../../test/fixtures";
import { type MockAnswer, mockApi, requestedUrls } from "../../test/mock-api";
import { ModelPage } from "./ModelPage";

const ID = CHAT_MODEL.id;

/** Serves the chat model; the snippets follow the requested provider like the engine does. */
function serveChatModel(snippets: (url: URL) => MockAnswer = () => ({ body: CHAT_SNIPPETS })) {
  return mockApi({
    [`/api/models/${ID}`]: { body: CHAT_MODEL },
    [`/api/models/${ID}/snippets`]: snippets,
    [`/api/models/${ID}/local-apps`]: { body: NO_LOCAL_APPS },
  });
}

function snippetRequests(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return requestedUrls(fetchMock).filter((url) => url.pathname.endsWith("/snippets"));
}

describe("ModelPage", () => {
  it("shows the header and the first library snippet", async () => {
    serveChatModel();
    render(<ModelPage id={ID} />);
    expect(await screen.findByRole("heading", { level: 1, name: ID })).toBeInTheDocument();
    const facts = within(screen.getByText("Task").closest("dl") as HTMLElement);
    expect(facts.getByRole("link", { name: "text-generation" })).toHaveAttribute(
      "href",
      "/models?pipeline_tag=text-generation",
    );
    expect(facts.getByRole("link", { name: "transformers" })).toHaveAttribute("href", "/models?library=transformers");
    expect(screen.getByRole("link", { name: "conversational" })).toHaveAttribute(
      "href",
      "/models?filter=conversational",
    );
    expect(screen.getByText("1,234,567")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy model id" })).toBeInTheDocument();
    expect(await screen.findByRole("figure", { name: "Transformers snippet 1" })).toBeInTheDocument();
    expect(document.title).toBe(`${ID} · Modelhub`);
  });

  it("restores the panel from the URL and sends the inference options to the API", async () => {
    window.history.replaceState(
      null,
      "",
      `/${ID}?library=peft&provider=together&language=js&client=openai&streaming=true&billTo=acme&directRequest=true`,
    );
    const fetchMock = serveChatModel();
    render(<ModelPage id={ID} />);
    expect(await screen.findByRole("figure", { name: "JavaScript openai snippet" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "PEFT" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("combobox", { name: "Provider" })).toHaveDisplayValue("together");
    expect(screen.getByRole("checkbox", { name: "Stream the response" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Bill to (organisation)" })).toHaveValue("acme");
    const query = Object.fromEntries(snippetRequests(fetchMock)[0]?.searchParams ?? []);
    expect(query).toEqual({ provider: "together", streaming: "true", billTo: "acme", directRequest: "true" });
  });

  it("writes choices to the URL: tabs replace the history entry, a provider choice pushes one that back undoes", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/${ID}`);
    const fetchMock = serveChatModel();
    render(<ModelPage id={ID} />);
    await screen.findByRole("figure", { name: "Python huggingface_hub snippet" });
    const lengthBefore = window.history.length;

    await user.click(screen.getByRole("tab", { name: "JavaScript" }));
    expect(window.location.search).toBe("?language=js");
    await user.click(screen.getByRole("tab", { name: "openai" }));
    expect(window.location.search).toBe("?language=js&client=openai");
    expect(screen.getByRole("figure", { name: "JavaScript openai snippet" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Provider" }), "novita");
    expect(window.location.search).toBe("?language=js&client=openai&provider=novita");
    await waitFor(() => expect(snippetRequests(fetchMock).at(-1)?.searchParams.get("provider")).toBe("novita"));
    expect(window.history.length).toBe(lengthBefore + 1);

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    expect(window.location.search).toBe("?language=js&client=openai");
    expect(screen.getByRole("combobox", { name: "Provider" })).toHaveDisplayValue(/^Auto/);
  });

  it("keeps typing out of the history and debounces its requests", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/${ID}`);
    const fetchMock = serveChatModel();
    render(<ModelPage id={ID} />);
    await screen.findByRole("figure", { name: "Python huggingface_hub snippet" });
    const lengthBefore = window.history.length;
    await user.type(screen.getByRole("textbox", { name: "Bill to (organisation)" }), "acme-corp");
    expect(new URLSearchParams(window.location.search).get("billTo")).toBe("acme-corp");
    expect(window.history.length).toBe(lengthBefore);
    await waitFor(() => expect(snippetRequests(fetchMock).at(-1)?.searchParams.get("billTo")).toBe("acme-corp"));
    // One request on load, then one once typing paused: not one per key.
    expect(snippetRequests(fetchMock).length).toBeLessThanOrEqual(3);
  });

  it("a bad provider in the URL breaks only the inference view: the library snippets stay, the value is dropped", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/${ID}?provider=bogus`);
    const fetchMock = serveChatModel((url) =>
      url.searchParams.get("provider") === "bogus"
        ? { status: 400, body: { error: 'parameter "provider": Unknown provider "bogus"; expected one of auto, groq' } }
        : { body: CHAT_SNIPPETS },
    );
    render(<ModelPage id={ID} />);
    expect(await screen.findByRole("figure", { name: "Transformers snippet 1" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The inference provider “bogus” in the address is not one this hub knows.");
    // The libraries came from a request without inference options.
    expect(snippetRequests(fetchMock).some((url) => !url.searchParams.has("provider"))).toBe(true);
    await user.click(within(alert).getByRole("button", { name: "Remove the inference provider" }));
    expect(window.location.search).toBe("");
    expect(await screen.findByRole("figure", { name: "Python huggingface_hub snippet" })).toBeInTheDocument();
  });

  it("shows the not-found page for an unknown model", async () => {
    mockApi({});
    render(<ModelPage id="nobody/nothing" />);
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.getByText("nobody/nothing")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the models" })).toHaveAttribute("href", "/models");
  });

  it("renders a hostile model inert", async () => {
    const id = HOSTILE_MODEL.id;
    mockApi({
      [`/api/models/${id}`]: { body: HOSTILE_MODEL },
      [`/api/models/${id}/snippets`]: { body: HOSTILE_SNIPPETS },
    });
    const { container } = render(<ModelPage id={id} />);
    expect(await screen.findByRole("heading", { level: 1, name: id })).toBeInTheDocument();
    await screen.findAllByRole("figure");
    expect(container.querySelector("script, img, iframe, [onerror]")).toBeNull();
    for (const link of container.querySelectorAll("a")) {
      const href = link.getAttribute("href") ?? "";
      expect(href.startsWith("/") || /^https?:\/\//.test(href)).toBe(true);
      expect(href).not.toMatch(/^\/\//);
      expect(href.toLowerCase()).not.toContain("javascript:");
    }
    expect(screen.getByRole("link", { name: HOSTILE.jsUrl })).toHaveAttribute(
      "href",
      `/models?filter=${encodeURIComponent(HOSTILE.jsUrl)}`,
    );
    // The library name, a tag and the library's registry fields all show the script tag as text.
    expect(screen.getAllByText(HOSTILE.script).length).toBeGreaterThanOrEqual(3);
  });
});
