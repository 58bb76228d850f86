import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "./Tabs";

const ITEMS = [
  { id: "python", label: "Python" },
  { id: "js", label: "JavaScript" },
  { id: "sh", label: "Shell" },
];

function Harness({ initial = "python" }: { initial?: string }) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs label="Language" items={ITEMS} selected={selected} onSelect={setSelected}>
      <p>Panel of {selected}</p>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("follows the ARIA tabs roles with one tab stop", () => {
    render(<Harness initial="js" />);
    const list = screen.getByRole("tablist", { name: "Language" });
    const tabs = screen.getAllByRole("tab");
    expect(list).toContainElement(tabs[0] ?? null);
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveAccessibleName("JavaScript");
    expect(panel).toHaveTextContent("Panel of js");
    expect(tabs[1]).toHaveAttribute("aria-controls", panel.id);
  });

  it("moves and selects with arrow keys, wrapping, and Home/End", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole("tab", { name: "Python" })).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "JavaScript" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "JavaScript" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of js");

    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Shell" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of sh");

    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Python" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Shell" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
  });

  it("leaves the tab list with Tab to the panel, and selects on click", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole("tabpanel")).toHaveFocus();
    await user.click(screen.getByRole("tab", { name: "Shell" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of sh");
  });
});
