// Bytes on a socket, for requests fetch() and node:http cannot make (HTTP/1.0 without Host, odd headers).
import { connect } from "node:net";

/** A parsed raw response: status, lower-cased headers, body text. */
export interface RawResponse {
  /** The status code. */
  status: number;
  /** Headers by lower-cased name (the last one wins). */
  headers: Record<string, string>;
  /** The body as text. */
  body: string;
}

/** Sends `request` verbatim to the hub at `url` and reads until the server closes the connection. */
export function sendRaw(url: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}
