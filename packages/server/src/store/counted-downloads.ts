// Once the hub has counted downloads of a model, its `downloads` is the counted figure: a record written later
// (a PUT, an import line, the catalog) cannot overwrite it with the figure it declares. The 0 is a literal, not a
// parameter: the row writer binds a fixed number of parameters per row.
import type { Expression, ExpressionBuilder } from "kysely";
import type { HubDatabase } from "../db/schema.js";

/** `downloads` for an update of `models`: the stored counted figure when there is one, else `declared`. */
export function keepCountedDownloads(
  eb: ExpressionBuilder<HubDatabase, "models">,
  declared: Expression<number>,
): Expression<number> {
  return eb
    .case()
    .when("models.downloads_all_time", ">", eb.lit(0))
    .then(eb.ref("models.downloads"))
    .else(declared)
    .end();
}
