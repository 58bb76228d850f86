// Where an author's models stand in id order: their ids all begin `author/`, and none of another author's does, so
// they are exactly those between "author/" and "author0" ('0' follows '/'): one stretch of any index ending with the id.
import type { SelectQueryBuilder } from "kysely";

/** `rows` (of `models`) cut to the ids of `author`'s models. */
// biome-ignore lint/suspicious/noExplicitAny: a walk's rows read models under any alias set.
export function withinAuthorIds<Q extends SelectQueryBuilder<any, any, object>>(rows: Q, author: string): Q {
  return rows.where("models.id", ">", `${author}/`).where("models.id", "<", `${author}0`) as Q;
}
