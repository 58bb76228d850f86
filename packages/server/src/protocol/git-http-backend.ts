// Runs Debian's `git http-backend` as a CGI script for one request: the request body streams into its stdin, its
// stdout streams back as the response after the CGI head. The repository is named by its absolute git directory
// (GIT_PROJECT_ROOT) and PATH_INFO is one of three fixed service paths, so nothing the client sent becomes a path;
// no shell is involved. git inflates gzip request bodies itself (HTTP_CONTENT_ENCODING).
import { spawn } from "node:child_process";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseCgiHead } from "./cgi-head.js";

/** The service paths git's smart HTTP protocol uses under a repository URL. */
export type GitServicePath = "/info/refs" | "/git-upload-pack" | "/git-receive-pack";

/** The smart HTTP services. */
export type GitService = "git-upload-pack" | "git-receive-pack";

/** One request for `git http-backend`; every value already validated by the caller. */
export interface BackendRequest {
  /** Absolute path of the bare repository. */
  gitDir: string;
  /** Which endpoint. */
  path: GitServicePath;
  /** `GET` for info/refs, `POST` for the services. */
  method: "GET" | "POST";
  /** For info/refs: the service asked for. */
  service?: GitService;
  /** Request `Content-Type`. */
  contentType?: string;
  /** Request `Content-Length`, when the body was not chunked. */
  contentLength?: string;
  /** Request `Content-Encoding` (git sends gzip for large negotiations). */
  contentEncoding?: string;
  /** The `Git-Protocol` header (`version=2`). */
  gitProtocol?: string;
  /** The authenticated user; git enables receive-pack only when one is set. */
  remoteUser?: string;
  /** The request body (POST). */
  body?: Readable;
  /** `git -c name=value` settings for this run (receive limits, fsck). */
  config?: Readonly<Record<string, string>>;
  /** Environment for hooks (e.g. where a pre-receive hook reports). */
  hookEnv?: Readonly<Record<string, string>>;
}

/** The backend's answer: status and headers from its CGI head, then the body as it streams. */
export interface BackendResponse {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Record<string, string>;
  /** The rest of git's output. */
  body: Readable;
  /** Settles when git has exited: its exit code and the tail of its stderr (for the log). */
  exited: Promise<{ code: number | null; stderr: string }>;
}

/** How much of git's stderr is kept for the log. */
const STDERR_KEEP = 4096;

function backendEnv(request: BackendRequest): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    // The hub's settings only: a user's ~/.gitconfig or /etc/gitconfig must not change what the hub serves.
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_PROJECT_ROOT: request.gitDir,
    PATH_INFO: request.path,
    GIT_HTTP_EXPORT_ALL: "1",
    REQUEST_METHOD: request.method,
    QUERY_STRING: request.service ? `service=${request.service}` : "",
    ...request.hookEnv,
  };
  if (request.contentType) env.CONTENT_TYPE = request.contentType;
  if (request.contentLength) env.CONTENT_LENGTH = request.contentLength;
  if (request.contentEncoding) env.HTTP_CONTENT_ENCODING = request.contentEncoding;
  if (request.gitProtocol) env.HTTP_GIT_PROTOCOL = request.gitProtocol;
  if (request.remoteUser) env.REMOTE_USER = request.remoteUser;
  return env;
}

function configArgs(config: Readonly<Record<string, string>> = {}): string[] {
  return Object.entries(config).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

/** Spawns `git http-backend` for `request`; resolves once its CGI head has been read. */
export function runGitHttpBackend(request: BackendRequest): Promise<BackendResponse> {
  const child = spawn("git", [...configArgs(request.config), "http-backend"], {
    env: backendEnv(request),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on("close", (code) => resolve({ code, stderr }));
    child.on("error", (error) => resolve({ code: null, stderr: `${stderr}${error.message}` }));
  });
  // git may stop reading early (a refused push, a bad request): the broken pipe is not the client's error.
  if (request.body) pipeline(request.body, child.stdin).catch(() => child.stdin.destroy());
  else child.stdin.end();

  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const fail = (error: Error): void => {
      child.stdout.off("data", onData);
      child.kill("SIGKILL");
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      let parsed: ReturnType<typeof parseCgiHead>;
      try {
        parsed = parseCgiHead(head);
      } catch (error) {
        fail(error as Error);
        return;
      }
      if (!parsed) return;
      child.stdout.off("data", onData);
      child.stdout.off("end", onEnd);
      const body = new PassThrough();
      body.write(head.subarray(parsed.bodyStart));
      // A client that goes away stops git at once instead of letting it pack for nobody.
      pipeline(child.stdout, body).catch(() => child.kill("SIGKILL"));
      resolve({ status: parsed.status, headers: parsed.headers, body, exited });
    };
    const onEnd = (): void => {
      void exited.then(({ code, stderr: tail }) =>
        reject(new Error(`git http-backend exited (${code}) without a response: ${tail.trim()}`)),
      );
    };
    child.stdout.on("data", onData);
    child.stdout.once("end", onEnd);
    child.once("error", (error) => fail(error));
  });
}
