import { Link } from "wouter";
import type { ModelDetail } from "../../api";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { formatDate, formatFullCount } from "../../lib/format";
import { listHref } from "../../lib/list-href";

/** Props of `ModelHeader`. */
export interface ModelHeaderProps {
  /** The model shown. */
  model: ModelDetail;
}

/** The model page header: id with a copy button, task, library, downloads, likes, update date, tags. */
export function ModelHeader({ model }: ModelHeaderProps) {
  const updated = formatDate(model.lastModified);
  return (
    <header className="model-header">
      <div className="model-header__title">
        <h1 className="break-anywhere">{model.id}</h1>
        <CopyButton text={model.id} what="model id" />
      </div>
      <dl className="facts">
        <div>
          <dt>Task</dt>
          <dd>
            {model.pipeline_tag ? (
              <Link href={listHref("pipeline_tag", model.pipeline_tag)}>{model.pipeline_tag}</Link>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt>Library</dt>
          <dd>
            {model.library_name ? (
              <Link href={listHref("library", model.library_name)}>{model.library_name}</Link>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt>Downloads</dt>
          <dd>{formatFullCount(model.downloads)}</dd>
        </div>
        <div>
          <dt>Likes</dt>
          <dd>{formatFullCount(model.likes)}</dd>
        </div>
        {updated !== null && (
          <div>
            <dt>Updated</dt>
            <dd>
              <time dateTime={model.lastModified ?? undefined}>{updated}</time>
            </dd>
          </div>
        )}
      </dl>
      {model.tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {model.tags.map((tag) => (
            <li key={tag}>
              <Link className="tag" href={listHref("filter", tag)}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
