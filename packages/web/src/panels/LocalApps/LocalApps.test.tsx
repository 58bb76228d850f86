import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { NO_LOCAL_APPS } from "../../test/fixtures";
import { mockApi, requestedUrls } from "../../test/mock-api";
import { LocalApps } from "./LocalApps";

const ID = "acme/tiny-gguf";
const GB = 1024 ** 3;

function localAppsBody(quant: string) {
  const file = `tiny-${quant}.gguf`;
  return {
    quants: [
      { label: "Q8_0", path: "tiny-Q8_0.gguf", files: ["tiny-Q8_0.gguf"], size: 8 * GB, fitsInGb: [16, 24, 48, 80] },
      {
        label: "Q4_K_M",
        path: "tiny-Q4_K_M.gguf",
        files: ["tiny-Q4_K_M.gguf"],
        size: 4 * GB,
        fitsInGb: [8, 16, 24, 48, 80],
      },
    ],
    quant,
    hubUrl: "http://hub.test",
    apps: [
      {
        key: "llama.cpp",
        prettyLabel: "llama.cpp",
        docsUrl: "https://github.com/ggml-org/llama.cpp",
        macOSOnly: false,
        deeplink: null,
        snippets: [{ title: "Homebrew", setup: "brew install llama.cpp", content: `llama-server --hf-file '${file}'` }],
      },
      {
        key: "ollama",
        prettyLabel: "Ollama",
        docsUrl: "https://ollama.com",
        macOSOnly: false,
        deeplink: "javascript:alert(1)",
        snippets: [
          { title: "Install script", content: `curl -L -o './${file}' 'http://hub.test/${ID}/resolve/main/${file}'` },
        ],
      },
    ],
  };
}

function serve() {
  return mockApi({
    [`/api/models/${ID}/local-apps`]: (url) => ({ body: localAppsBody(url.searchParams.get("quant") ?? "Q4_K_M") }),
  });
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("LocalApps", () => {
  it("lists the quants with sizes and whether they fit, and shows the default quant in the commands", async () => {
    serve();
    render(<LocalApps modelId={ID} />);
    const q4 = await screen.findByRole("radio", { name: /Q4_K_M/ });
    expect(q4).toBeChecked();
    expect(screen.getByRole("radio", { name: /Q8_0/ }).closest("label")).toHaveTextContent("8.6 GBfits 16 GB");
    expect(screen.getByRole("figure", { name: "llama.cpp: run (Homebrew)" })).toHaveTextContent("tiny-Q4_K_M.gguf");
  });

  it("puts the picked quant, app and memory in the URL and asks the hub for it", async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    render(<LocalApps modelId={ID} />);
    await user.click(await screen.findByRole("radio", { name: /Q8_0/ }));
    expect(new URLSearchParams(window.location.search).get("quant")).toBe("Q8_0");
    expect(await screen.findByText(/llama-server --hf-file 'tiny-Q8_0.gguf'/)).toBeInTheDocument();
    expect(requestedUrls(fetchMock).at(-1)?.searchParams.get("quant")).toBe("Q8_0");
    await user.selectOptions(screen.getByRole("combobox", { name: /Memory/ }), "8");
    expect(new URLSearchParams(window.location.search).get("memory")).toBe("8");
    expect(screen.getByRole("radio", { name: /Q8_0/ }).closest("label")).toHaveTextContent("too big for 8 GB");
    await user.click(screen.getByRole("tab", { name: "Ollama" }));
    expect(new URLSearchParams(window.location.search).get("app")).toBe("ollama");
    const panel = screen.getByRole("region", { name: "Ollama" });
    expect(within(panel).getByRole("figure", { name: "Ollama: run (Install script)" })).toHaveTextContent(
      "resolve/main/tiny-Q8_0.gguf",
    );
    // A deeplink that is not an app's own scheme is no link.
    expect(within(panel).queryByRole("link", { name: /Open in/ })).toBeNull();
  });

  it("offers the notebook download and says when no app runs the model", async () => {
    mockApi({
      [`/api/models/${ID}/local-apps`]: { body: NO_LOCAL_APPS },
    });
    render(<LocalApps modelId={ID} />);
    expect(await screen.findByText(/No local app runs this model/)).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Quantization" })).toBeNull();
    expect(screen.getByRole("link", { name: "Download notebook (.ipynb)" }).getAttribute("href")).toMatch(
      /^https?:\/\/[^/]+\/api\/models\/acme\/tiny-gguf\/notebook\.ipynb$/,
    );
  });
});
