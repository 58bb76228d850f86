import { Link } from "wouter";
import { type ModelSummary, modelPath } from "../../api";
import { formatCount, formatDate, formatFullCount } from "../../lib/format";

/** Props of `ModelRow`. */
export interface ModelRowProps {
  /** The model listed. */
  model: ModelSummary;
}

/** One model of the list: id (a link to its page), task, library, downloads, likes, update date. */
export function ModelRow({ model }: ModelRowProps) {
  const updated = formatDate(model.lastModified);
  return (
    <li className="model-row">
      <Link href={modelPath(model.id)} className="model-row__id break-anywhere">
        {model.id}
      </Link>
      <ul className="model-row__meta">
        {model.pipeline_tag && <li className="model-row__task">{model.pipeline_tag}</li>}
        {model.library_name && <li className="model-row__library">{model.library_name}</li>}
        <li title={`${formatFullCount(model.downloads)} downloads`}>{formatCount(model.downloads)} downloads</li>
        <li title={`${formatFullCount(model.likes)} likes`}>{formatCount(model.likes)} likes</li>
        {updated !== null && <li>Updated {updated}</li>}
      </ul>
    </li>
  );
}
