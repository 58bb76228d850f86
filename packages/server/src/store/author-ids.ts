// Where an author's models stand in id order: their ids all begin `author/`, and none of another author's does, so
// they are exactly those between "author/" and "author0" ('0' follows '/'): one stretch of any index ending with the id.
import type { SelectQueryBuilder } from "kysely";

/** The bounds of `author`'s stretch of the id order, both outside it: every id of the author sorts between them. */
export const authorIdBounds = (author: string): { before: string; after: string } => ({
  before: `${author}/`,
  after: `${author}0`,
});

/** `rows` (of `models`) cut to the ids of `author`'s models. */
// biome-ignore lint/suspicious/noExplicitAny: a walk's rows read models under any alias set.
export function withinAuthorIds<Q extends SelectQueryBuilder<any, any, object>>(rows: Q, author: string): Q {
  const { before, after } = authorIdBounds(author);
  return rows.where("models.id", ">", before).where("models.id", "<", after) as Q;
}
