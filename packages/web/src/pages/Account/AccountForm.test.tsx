import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { mockApi } from "../../test/mock-api";
import { Setup } from "./Setup";
import { SignIn } from "./SignIn";

describe("account forms", () => {
  it("signs in, tells the shell and goes to the tokens page", async () => {
    const fetchMock = mockApi({ "/api/session": { body: { ok: true } } });
    const location = memoryLocation({ path: "/sign-in", record: true });
    const onSignedIn = vi.fn();
    render(
      <Router hook={location.hook}>
        <SignIn onSignedIn={onSignedIn} />
      </Router>,
    );
    await userEvent.type(screen.getByLabelText("User name"), "alice");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(location.history.at(-1)).toBe("/settings/tokens");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: "alice", password: "correct horse" });
    expect(screen.getByRole("form", { name: "Sign in" })).toBeTruthy();
  });

  it("shows the server's message and stays on the page when setting up fails", async () => {
    mockApi({ "/api/setup": { status: 403, body: { error: "Wrong admin token" } } });
    const location = memoryLocation({ path: "/setup", record: true });
    const onDone = vi.fn();
    render(
      <Router hook={location.hook}>
        <Setup onDone={onDone} />
      </Router>,
    );
    await userEvent.type(screen.getByLabelText("Admin token"), "not-the-token");
    await userEvent.type(screen.getByLabelText("User name"), "root");
    await userEvent.type(screen.getByLabelText("Password (at least 8 characters)"), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Create administrator" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Wrong admin token");
    expect(onDone).not.toHaveBeenCalled();
    expect(location.history).toEqual(["/setup"]);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Create administrator" }).disabled).toBe(false);
  });
});
