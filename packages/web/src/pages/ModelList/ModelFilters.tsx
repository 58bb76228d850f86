import { useId, useState } from "react";
import type { Counted, FilterLibrary } from "../../api";
import { formatCount } from "../../lib/format";
import { plainLabel } from "../../lib/plain-label";

/** Values of one facet: undefined while loading; `failed` when the counts could not be loaded. */
export interface Facet<T> {
  /** The values with their counts under the other active filters. */
  items: T[] | undefined;
  /** Whether loading failed (the list page says why once, above the filters). */
  failed: boolean;
}

// What a facet shows when it has nothing to list.
function facetNote(facet: Facet<unknown>, empty: string): string {
  if (facet.failed) return "Not available while the hub cannot be reached.";
  return facet.items === undefined ? "Loading…" : empty;
}

// Enough to show the common libraries without pushing the other filters off screen.
const LIBRARIES_SHOWN = 12;

/** Props of `LibraryFilter`. */
export interface LibraryFilterProps {
  /** The filter libraries with their counts. */
  libraries: Facet<FilterLibrary>;
  /** The library filtered on, if any. */
  selected: string | undefined;
  /** Filters on a library, or clears the filter with null. */
  onSelect: (library: string | null) => void;
}

/** The library filter: libraries that have models, most used first, each a toggle button with its count. */
export function LibraryFilter({ libraries, selected, onSelect }: LibraryFilterProps) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const used = (libraries.items ?? []).filter((library) => library.count > 0 || library.key === selected);
  const shown = showAll ? used : used.slice(0, LIBRARIES_SHOWN);
  return (
    <section className="filter" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter__title">
        Libraries
      </h2>
      {used.length === 0 ? (
        <p className="muted">{facetNote(libraries, "No matching model names a filter library.")}</p>
      ) : (
        <>
          <ul className="chips">
            {shown.map((library) => (
              <li key={library.key}>
                <button
                  type="button"
                  className="chip"
                  aria-pressed={library.key === selected}
                  onClick={() => onSelect(library.key === selected ? null : library.key)}
                >
                  {plainLabel(library.prettyLabel)} <span className="chip__count">{formatCount(library.count)}</span>
                </button>
              </li>
            ))}
          </ul>
          {used.length > LIBRARIES_SHOWN && (
            <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
              {showAll ? "Show fewer libraries" : `Show all ${used.length} libraries`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** Props of `TaskFilter`. */
export interface TaskFilterProps {
  /** The tasks with their counts. */
  tasks: Facet<Counted>;
  /** The task filtered on, if any. */
  selected: string | undefined;
  /** Filters on a task, or clears the filter with null. */
  onSelect: (task: string | null) => void;
}

/** The task filter: a select of the catalog's tasks. */
export function TaskFilter({ tasks, selected, onSelect }: TaskFilterProps) {
  const id = useId();
  const options = tasks.items ?? [];
  return (
    <div className="filter field">
      <label htmlFor={id} className="filter__title">
        Task
      </label>
      <select id={id} value={selected ?? ""} onChange={(event) => onSelect(event.target.value || null)}>
        <option value="">All tasks</option>
        {selected !== undefined && !options.some((task) => task.id === selected) && (
          <option value={selected}>{selected}</option>
        )}
        {options.map((task) => (
          <option key={task.id} value={task.id}>
            {task.id} ({formatCount(task.count)})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Props of `TagFilter`. */
export interface TagFilterProps {
  /** The most used tags. */
  tags: Facet<Counted>;
  /** The tags filtered on (all must match). */
  selected: readonly string[];
  /** Adds or removes a tag. */
  onToggle: (tag: string) => void;
}

/** The tag chips: the most used tags plus any selected one, each a toggle. */
export function TagFilter({ tags, selected, onToggle }: TagFilterProps) {
  const headingId = useId();
  const counts = new Map((tags.items ?? []).map((tag) => [tag.id, tag.count]));
  const offered = [...counts.keys()];
  const chips = [...selected.filter((tag) => !offered.includes(tag)), ...offered];
  return (
    <section className="filter" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter__title">
        Tags
      </h2>
      {chips.length === 0 ? (
        <p className="muted">{facetNote(tags, "No matching model has tags.")}</p>
      ) : (
        <ul className="chips">
          {chips.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="chip"
                aria-pressed={selected.includes(tag)}
                onClick={() => onToggle(tag)}
              >
                {tag}
                {counts.has(tag) && <span className="chip__count"> {formatCount(counts.get(tag) ?? 0)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
