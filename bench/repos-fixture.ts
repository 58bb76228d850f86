// The repositories bench/repos measures, made through the hub's normal write path: `POST /api/repos/create` (which
// commits the default .gitattributes) and one streamed `PUT /api/models/{id}/files/{path}` per file.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import { request } from "node:http";

/** The admin token the benchmark's hub is started with (a throwaway hub on loopback). */
export const BENCH_TOKEN = "hf_bench_repos_admin_token";

/** One file of the 20-file repository: its path and size in bytes. */
export interface FixtureFile {
  path: string;
  size: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** A model repository as the field ships one: configs and tokenizer in git, weights (sharded) in LFS. */
export function twentyFiles(smoke: boolean): FixtureFile[] {
  const weight = smoke ? 64 * KiB : 8 * MiB;
  const files: FixtureFile[] = [
    { path: "README.md", size: 6 * KiB },
    { path: "config.json", size: 1 * KiB },
    { path: "generation_config.json", size: 200 },
    { path: "tokenizer.json", size: smoke ? 32 * KiB : 2 * MiB },
    { path: "tokenizer_config.json", size: 4 * KiB },
    { path: "special_tokens_map.json", size: 600 },
    { path: "vocab.json", size: smoke ? 16 * KiB : 800 * KiB },
    { path: "merges.txt", size: smoke ? 16 * KiB : 450 * KiB },
    { path: "added_tokens.json", size: 300 },
    { path: "model.safetensors.index.json", size: 24 * KiB },
    { path: "preprocessor_config.json", size: 500 },
    { path: "chat_template.jinja", size: 3 * KiB },
    { path: "LICENSE", size: 11 * KiB },
    { path: "training_args.bin", size: 6 * KiB },
    { path: "onnx/model.onnx", size: weight / 2 },
  ];
  for (let i = 1; i <= 4; i++) files.push({ path: `model-0000${i}-of-00004.safetensors`, size: weight });
  return files; // 19 files, plus the .gitattributes that repos/create commits: 20.
}

function authorized(init: RequestInit = {}): RequestInit {
  return { ...init, headers: { authorization: `Bearer ${BENCH_TOKEN}`, ...init.headers } };
}

/** Creates model `id` through the field's repo-creation endpoint (its first commit is the .gitattributes). */
export async function createRepo(hub: string, id: string): Promise<void> {
  const res = await fetch(
    `${hub}/api/repos/create`,
    authorized({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: id }) }),
  );
  if (!res.ok) throw new Error(`create ${id}: HTTP ${res.status} ${await res.text()}`);
}

/** Uploads `bytes` as `path` of model `id`. */
export async function putBytes(hub: string, id: string, path: string, bytes: Buffer): Promise<void> {
  const res = await fetch(
    `${hub}/api/models/${id}/files/${path}`,
    authorized({ method: "PUT", body: new Uint8Array(bytes) }),
  );
  if (!res.ok) throw new Error(`PUT ${path}: HTTP ${res.status} ${await res.text()}`);
}

/** Streams the file at `file` to the hub as `path` of model `id` (a plain PUT with Content-Length, never buffered). */
export async function putFile(hub: string, id: string, path: string, file: string): Promise<void> {
  const size = statSync(file).size;
  const url = new URL(`${hub}/api/models/${id}/files/${path}`);
  const req = request(url, {
    method: "PUT",
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, "content-length": size },
  });
  createReadStream(file).pipe(req);
  const [res] = (await once(req, "response")) as [import("node:http").IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  if ((res.statusCode ?? 500) >= 300) throw new Error(`PUT ${path}: HTTP ${res.statusCode} ${Buffer.concat(chunks)}`);
}

/** Writes `size` random bytes to `file`, 8 MiB at a time. */
export async function writeRandomFile(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  for (let left = size; left > 0; ) {
    const n = Math.min(left, 8 * MiB);
    if (!out.write(randomBytes(n))) await once(out, "drain");
    left -= n;
  }
  out.end();
  await once(out, "finish");
}

/** `size` bytes for `path`: the card and the config are what the hub parses (front matter, JSON), the rest random. */
export function fixtureBytes(path: string, size: number): Buffer {
  const filler = (n: number) =>
    randomBytes(Math.ceil(n / 2))
      .toString("hex")
      .slice(0, Math.max(0, n));
  if (path === "README.md") {
    const head =
      "---\nlicense: apache-2.0\nlibrary_name: transformers\npipeline_tag: text-generation\n---\n# Bench\n\n";
    return Buffer.from(head + filler(size - head.length - 1) + "\n");
  }
  if (path === "config.json") {
    const head = '{"architectures": ["LlamaForCausalLM"], "model_type": "llama", "pad": "';
    return Buffer.from(`${head}${filler(size - head.length - 2)}"}`);
  }
  return randomBytes(size);
}

/** Makes model `id` with the 20 files of `twentyFiles`; returns every path of the repository. */
export async function makeTwentyFileRepo(hub: string, id: string, smoke: boolean): Promise<string[]> {
  await createRepo(hub, id);
  const files = twentyFiles(smoke);
  for (const f of files) await putBytes(hub, id, f.path, fixtureBytes(f.path, f.size));
  return [".gitattributes", ...files.map((f) => f.path)];
}
