import { ADMIN_TOKEN } from "./hub";

/** Sends an admin request to the hub and fails with the server's answer unless it is 2xx. */
async function adminRequest(url: string, method: string, body: string | Uint8Array<ArrayBuffer>, contentType: string) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": contentType },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Creates the model `id` (with `fields` besides its id) through `POST /api/models`. */
export async function createModel(hubUrl: string, id: string, fields: Record<string, unknown> = {}): Promise<void> {
  await adminRequest(`${hubUrl}/api/models`, "POST", JSON.stringify({ id, ...fields }), "application/json");
}

/** Uploads one file of the model `id` through `PUT /api/models/:ns/:name/files/<path>`. */
export async function putFile(
  hubUrl: string,
  id: string,
  path: string,
  content: string | Uint8Array<ArrayBuffer>,
): Promise<void> {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  await adminRequest(`${hubUrl}/api/models/${id}/files/${encoded}`, "PUT", content, "application/octet-stream");
}

/** The `downloads` (last 30 days) of the model `id` as the API reports it. */
export async function apiDownloads(hubUrl: string, id: string): Promise<number> {
  const response = await fetch(`${hubUrl}/api/models/${id}`);
  if (!response.ok) throw new Error(`GET model ${id}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { downloads?: unknown };
  if (typeof body.downloads !== "number") throw new Error(`model ${id} has no downloads figure`);
  return body.downloads;
}
