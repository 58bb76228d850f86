import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import type { SessionState } from "../../api/session";
import { mockApi } from "../../test/mock-api";
import { Tokens } from "./Tokens";

const SESSION: SessionState = {
  user: { name: "alice", fullname: "Alice", isAdmin: false, orgs: [] },
  csrfToken: "csrf-123",
  setupRequired: false,
};
const LISTED = { id: 7, name: "laptop", role: "write", createdAt: "2025-01-02T00:00:00Z", expiresAt: null };

describe("Tokens", () => {
  it("creates a token with the session's CSRF token and shows the secret once; lists and revokes", async () => {
    let tokens: unknown[] = [];
    // The requests' init (method, headers, body) is what this test checks, so the mock's type takes it.
    const fetchMock = mockApi({
      "/api/settings/tokens": () => ({ body: tokens }),
    }) as unknown as Mock<typeof fetch>;
    fetchMock.mockImplementationOnce(
      async () => new Response("[]", { headers: { "content-type": "application/json" } }),
    );
    render(<Tokens session={SESSION} />);
    expect(await screen.findByText("You have no tokens yet.")).toBeTruthy();

    fetchMock.mockImplementationOnce(async (_input: RequestInfo | URL, init?: RequestInit) => {
      expect((init?.headers ?? {}) as Record<string, string>).toMatchObject({ "x-csrf-token": "csrf-123" });
      expect(JSON.parse(String(init?.body))).toEqual({ name: "laptop", role: "write" });
      tokens = [LISTED];
      return new Response(JSON.stringify({ ...LISTED, token: "hf_secretsecretsecretsecretsecret12" }), { status: 201 });
    });
    await userEvent.type(screen.getByLabelText("Name"), "laptop");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "write");
    await userEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByText("hf_secretsecretsecretsecretsecret12")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Revoke laptop" })).toBeTruthy();

    tokens = [];
    fetchMock.mockImplementationOnce(async () => new Response(null, { status: 204 }));
    await userEvent.click(screen.getByRole("button", { name: "Revoke laptop" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke laptop" })).toBeNull());
    const revoke = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/settings/tokens/7"));
    expect(revoke?.[1]?.method).toBe("DELETE");
  });

  it("asks a visitor who is not signed in to sign in", () => {
    render(<Tokens session={{ user: null, csrfToken: null, setupRequired: false }} />);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  });
});
