// The tables as Kysely sees them. Column names are snake_case; the record's camelCase lives in the store's mapping.
import type { Generated } from "kysely";
import type { AccountTables } from "./accounts-schema.js";
import type { CardTables } from "./card-schema.js";
import type { ModelCardTextTable } from "./card-text-schema.js";
import type { FileTables } from "./file-schema.js";

/** One model: the list fields as columns (indexed), everything else in one JSON text read only for the model page. */
export interface ModelsTable {
  /** Sequence key: the keyset tie-breaker and the key of the derived tables. */
  pk: Generated<number>;
  /** `namespace/name`, unique, compared byte by byte. */
  id: string;
  /** The namespace. */
  author: string;
  /** The library, or null. */
  library_name: string | null;
  /** The task, or null. */
  pipeline_tag: string | null;
  /** The tags as a JSON array; `model_tags` indexes them. */
  tags: string;
  /** Downloads in the last 30 days. */
  downloads: number;
  /** Likes. */
  likes: number;
  /** ISO date of the last change (canonical form, so text order is time order). */
  last_modified: string;
  /** ISO date of creation. */
  created_at: string;
  /** JSON object of the record's other fields (config, transformersInfo, widgetData, mapping, siblings). */
  data: string;
  /** Every download the hub has counted; 0 while none has, and `downloads` is then the declared figure. */
  downloads_all_time: Generated<number>;
  /** 1 when only the namespace's members (and readers they allow) may see the model. */
  private: Generated<number>;
}

/** One (tag, model) pair, kept in step with `models.tags` and `models.downloads` by the database. */
export interface ModelTagsTable {
  /** The tag. */
  tag: string;
  /** The model's downloads: the key (tag, downloads, model_pk) lists a tag's models in download order. */
  downloads: number;
  /** `models.pk` of the model. */
  model_pk: number;
}

/** Small key/value facts about the database itself (e.g. an unfinished bulk load). */
export interface HubMetaTable {
  /** The fact's name. */
  key: string;
  /** Its value. */
  value: string;
}

/** The database as Kysely sees it. */
export interface HubDatabase extends FileTables, AccountTables, CardTables {
  /** Models. */
  models: ModelsTable;
  /** Tag index of models. */
  model_tags: ModelTagsTable;
  /** Facts about the database. */
  hub_meta: HubMetaTable;
  /** Searchable words of each model's card. */
  model_card_text: ModelCardTextTable;
}
