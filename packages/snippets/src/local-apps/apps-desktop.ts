// Desktop apps that open a model from a deeplink on the public hub (LM Studio, Jan); on this hub they import the
// downloaded file instead, since their downloaders only know the public one.
import { shComment, shQuote } from "../code/sh.js";
import { downloadCommands, localFile } from "./hub-target.js";
import type { LocalAppContext, LocalAppSnippet } from "./local-app.js";

/** LM Studio's deeplink, public hub only. */
export function lmStudioDeeplink({ model, hub }: LocalAppContext): string | undefined {
  return hub.isPublic ? `lmstudio://open_from_hf?model=${encodeURIComponent(model.id)}` : undefined;
}

/** LM Studio's CLI: `lms get repo@quant`, or on this hub `lms import` of the downloaded file. */
export function lmStudioSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (hub.isPublic) {
    const at = quant?.known ? `@${quant.label.toLowerCase()}` : "";
    return [{ title: "LM Studio CLI (lms)", content: `lms get ${shQuote(`${model.id}${at}`)}` }];
  }
  if (!quant) return [];
  return [
    {
      title: "LM Studio CLI (lms)",
      content: [
        shComment(`LM Studio downloads from the public hub only: download the GGUF from ${hub.url}, then import it.`),
        ...downloadCommands(hub, model.id, quant.files),
        `lms import -y --user-repo ${shQuote(model.id)} ${localFile(quant.path)}`,
      ].join("\n"),
    },
  ];
}

/** Jan's deeplink, public hub only. */
export function janDeeplink({ model, hub }: LocalAppContext): string | undefined {
  return hub.isPublic ? `jan://models/huggingface/${model.id.split("/").map(encodeURIComponent).join("/")}` : undefined;
}

/** On this hub: download the file for Jan's import. */
export function janSnippets({ model, hub, quant }: LocalAppContext): LocalAppSnippet[] {
  if (hub.isPublic || !quant) return [];
  return [
    {
      title: "Download, then import in Jan",
      content: [
        shComment(`Jan's hub downloads come from the public hub only: download the GGUF from ${hub.url},`),
        "# then import it in Jan (Settings > Model Providers > Llama.cpp > Import).",
        ...downloadCommands(hub, model.id, quant.files),
      ].join("\n"),
    },
  ];
}
