// Reading a git commit object (`git cat-file commit`): headers, a blank line, the message.
import type { CommitInfo, CommitPerson } from "./model-repos.js";

const PERSON = /^(.*) <([^>]*)> (-?\d+) ([+-]\d{4})$/;

function person(value: string): { who: CommitPerson; date: string } {
  const match = PERSON.exec(value);
  if (!match) return { who: { name: value, email: "" }, date: new Date(0).toISOString() };
  return {
    who: { name: match[1] as string, email: match[2] as string },
    date: new Date(Number(match[3]) * 1000).toISOString(),
  };
}

/** The facts of commit `id` whose raw object is `data`. */
export function parseCommitObject(id: string, data: Buffer): CommitInfo {
  const text = data.toString("utf8");
  const split = text.indexOf("\n\n");
  const headerText = split < 0 ? text : text.slice(0, split);
  const messageText = split < 0 ? "" : text.slice(split + 2);
  let tree = "";
  const parents: string[] = [];
  let author = person("");
  for (const line of headerText.split("\n")) {
    if (line.startsWith(" ")) continue; // Continuation of a multi-line header (a signature).
    const space = line.indexOf(" ");
    const key = line.slice(0, space);
    const value = line.slice(space + 1);
    if (key === "tree") tree = value;
    else if (key === "parent") parents.push(value);
    else if (key === "author") author = person(value);
  }
  const newline = messageText.indexOf("\n");
  const title = (newline < 0 ? messageText : messageText.slice(0, newline)).trim();
  const message =
    newline < 0
      ? ""
      : messageText
          .slice(newline + 1)
          .replace(/^\n/, "")
          .trimEnd();
  return { id, parents, tree, author: author.who, date: author.date, title, message };
}
