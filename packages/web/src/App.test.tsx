import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App } from "./App";
import { apiModelPath, modelPath } from "./api";
import { CHAT_SNIPPETS, HOSTILE_MODEL } from "./test/fixtures";
import { mockApi, requestedUrls } from "./test/mock-api";

describe("App routes", () => {
  it("sends / to the model list", async () => {
    mockApi({ "/api/models": { body: [] } });
    window.history.replaceState(null, "", "/");
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: "Models" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/models");
    expect(await screen.findByText("There are no models on this hub yet.")).toBeInTheDocument();
  });

  it("opens a model page from an encoded path, decoding the id exactly once", async () => {
    const id = HOSTILE_MODEL.id;
    const fetchMock = mockApi({
      [`/api/models/${id}`]: { body: HOSTILE_MODEL },
      [`/api/models/${id}/snippets`]: { body: CHAT_SNIPPETS },
    });
    window.history.replaceState(null, "", modelPath(id));
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: id })).toBeInTheDocument();
    expect(requestedUrls(fetchMock)[0]?.pathname).toBe(apiModelPath(id));
  });

  it("shows the not-found page for other paths", async () => {
    mockApi({});
    window.history.replaceState(null, "", "/a/b/c");
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.getByText("There is no page at this address.")).toBeInTheDocument();
  });
});
