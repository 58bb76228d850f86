// Model ids are unique case-insensitively, as the field's hub treats them: `Org/Model` and `org/model` name one model
// (and one git repository: see repos/repo-layout.ts). Ids hold only ASCII (validation/model-id.ts), where SQLite's
// lower() and PostgreSQL's (on the "C" collation of the id column) agree, so both dialects compare the same keys.
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";

/** The unique index over the case-insensitive key of model ids. */
export const ID_KEY_INDEX = "models_id_key";

/** The indexed expression, also the conflict target of every upsert of `models`. */
export const ID_KEY: RawBuilder<string> = sql<string>`lower(id)`;

/** True when the row's id (column `column`) is `id` in any case; answered from the index of ID_KEY. */
export function idIs(id: string, column: "id" | "models.id" = "id"): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = lower(${id})`;
}

/** True when the row's id is one of `ids` in any case. */
export function idIn(ids: readonly string[], column: "id" | "models.id" = "id"): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) IN (${sql.join(ids.map((id) => sql`lower(${id})`))})`;
}
