// Which files are stored through Git LFS: as the field does, every file of 10 MB or more, and every file whose
// name matches the field's default `.gitattributes` (weights, archives, arrays), whatever its size.

/** Files of this size or larger always go to LFS. */
export const LFS_SIZE_THRESHOLD = 10 * 1024 * 1024;

/** The patterns of the field's default `.gitattributes`, in its order, plus `*.gguf`. */
export const LFS_PATTERNS = [
  "*.7z",
  "*.arrow",
  "*.bin",
  "*.bz2",
  "*.ckpt",
  "*.ftz",
  "*.gguf",
  "*.gz",
  "*.h5",
  "*.joblib",
  "*.lfs.*",
  "*.mlmodel",
  "*.model",
  "*.msgpack",
  "*.npy",
  "*.npz",
  "*.onnx",
  "*.ot",
  "*.parquet",
  "*.pb",
  "*.pickle",
  "*.pkl",
  "*.pt",
  "*.pth",
  "*.rar",
  "*.safetensors",
  "saved_model/**/*",
  "*.tar.*",
  "*.tar",
  "*.tflite",
  "*.tgz",
  "*.wasm",
  "*.xz",
  "*.zip",
  "*.zst",
  "*tfevents*",
] as const;

/** The `.gitattributes` a new repository starts with, so `git lfs` in a clone treats these files as LFS. */
export const DEFAULT_GITATTRIBUTES = `${LFS_PATTERNS.map((p) => `${p} filter=lfs diff=lfs merge=lfs -text`).join("\n")}\n`;

function patternRegExp(pattern: string): RegExp {
  // gitattributes patterns without a slash match the file name in any folder; `**` crosses folders.
  const body = pattern
    .split("**/")
    .map((part) =>
      part
        .split("*")
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join("(?:.*/)?");
  return pattern.includes("/") ? new RegExp(`^${body}$`) : new RegExp(`(?:^|/)${body}$`);
}

const LFS_MATCHERS = LFS_PATTERNS.map(patternRegExp);

/** True when the file at `path` with `size` bytes is stored as an LFS object rather than a git blob. */
export function isLfsFile(path: string, size: number): boolean {
  return size >= LFS_SIZE_THRESHOLD || LFS_MATCHERS.some((re) => re.test(path));
}
