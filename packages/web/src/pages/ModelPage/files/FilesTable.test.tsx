import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ModelFile } from "../../../api";
import { HOSTILE } from "../../../test/fixtures";
import { FilesTable } from "./FilesTable";

const HASH = "9f2c6b0e4d1a7c3b5e8f0a2d4c6e8b1a3d5f7c9e0b2d4f6a8c1e3b5d7f9a0c2e";

const FILES: ModelFile[] = [
  { path: "README.md", size: 812, sha256: HASH, updatedAt: null, url: "/acme/tiny/resolve/main/README.md" },
  {
    path: "onnx/model weights.onnx",
    size: 1_234_567_890,
    sha256: "ab".repeat(32),
    updatedAt: "2025-05-01T10:00:00.000Z",
    url: "/acme/tiny/resolve/main/onnx/model%20weights.onnx",
  },
];

describe("FilesTable", () => {
  it("lists name, readable size, short hash and a download link for each file", () => {
    render(<FilesTable files={FILES} error={null} onRetry={() => undefined} />);
    const table = screen.getByRole("table", { name: "2 files, 1.2 GB" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "README.md",
      "onnx/model weights.onnx",
    ]);
    const [readme, weights] = rows as [HTMLElement, HTMLElement];
    expect(readme).toHaveTextContent("812 B");
    expect(weights).toHaveTextContent("1.2 GB");
    expect(within(weights).getByText("1.2 GB")).toHaveAttribute("title", "1234567890 bytes");
    const hash = within(readme).getByText("9f2c6b0e4d");
    expect(hash).toHaveAttribute("title", HASH);
    const link = screen.getByRole("link", { name: "Download onnx/model weights.onnx" });
    expect(link).toHaveAttribute("href", "/acme/tiny/resolve/main/onnx/model%20weights.onnx");
    expect(link).toHaveAttribute("download");
  });

  it("shows hostile names as text and links only to paths on this hub", () => {
    const hostile: ModelFile[] = [
      { path: HOSTILE.script, size: 1, sha256: HASH, updatedAt: null, url: HOSTILE.jsUrl },
      { path: HOSTILE.img, size: 2, sha256: HASH, updatedAt: null, url: "//evil.example/x" },
    ];
    const { container } = render(<FilesTable files={hostile} error={null} onRetry={() => undefined} />);
    expect(screen.getByText(HOSTILE.script)).toBeInTheDocument();
    expect(screen.getByText(HOSTILE.img)).toBeInTheDocument();
    expect(container.querySelector("a, script, img")).toBeNull();
  });

  it("has an empty state, a loading state and an error with a retry", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<FilesTable files={[]} error={null} onRetry={() => undefined} />);
    expect(screen.getByRole("note")).toHaveTextContent("No files");
    expect(screen.queryByRole("table")).toBeNull();
    rerender(<FilesTable files={undefined} error={null} onRetry={() => undefined} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the files");
    const onRetry = vi.fn();
    rerender(<FilesTable files={undefined} error="The server could not be reached." onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The server could not be reached.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("says 1 file in the singular", () => {
    render(<FilesTable files={FILES.slice(0, 1)} error={null} onRetry={() => undefined} />);
    expect(screen.getByRole("table", { name: "1 file, 812 B" })).toBeInTheDocument();
  });
});
