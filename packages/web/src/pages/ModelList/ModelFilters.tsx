import { useId, useState } from "react";
import type { Counted, FilterLibrary } from "../../api";
import type { Resource } from "../../hooks/useResource";
import { formatCount } from "../../lib/format";

// Enough to show the common libraries without pushing the other filters off screen.
const LIBRARIES_SHOWN = 12;

/** Props of `LibraryFilter`. */
export interface LibraryFilterProps {
  /** The filter libraries with their counts. */
  libraries: Resource<FilterLibrary[]>;
  /** The library filtered on, if any. */
  selected: string | undefined;
  /** Filters on a library, or clears the filter with null. */
  onSelect: (library: string | null) => void;
}

/** The library filter: libraries that have models, most used first, each a toggle button with its count. */
export function LibraryFilter({ libraries, selected, onSelect }: LibraryFilterProps) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const used = (libraries.data ?? []).filter((library) => library.count > 0 || library.key === selected);
  const shown = showAll ? used : used.slice(0, LIBRARIES_SHOWN);
  return (
    <section className="filter" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter__title">
        Libraries
      </h2>
      {libraries.error !== undefined && libraries.data === undefined ? (
        <p className="muted">The libraries could not be loaded.</p>
      ) : libraries.data === undefined ? (
        <p className="muted">Loading…</p>
      ) : used.length === 0 ? (
        <p className="muted">No model names a filter library yet.</p>
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
                  {library.prettyLabel} <span className="chip__count">{formatCount(library.count)}</span>
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
  tasks: Resource<Counted[]>;
  /** The task filtered on, if any. */
  selected: string | undefined;
  /** Filters on a task, or clears the filter with null. */
  onSelect: (task: string | null) => void;
}

/** The task filter: a select of the catalog's tasks. */
export function TaskFilter({ tasks, selected, onSelect }: TaskFilterProps) {
  const id = useId();
  const options = tasks.data ?? [];
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
  tags: Resource<Counted[]>;
  /** The tags filtered on (all must match). */
  selected: readonly string[];
  /** Adds or removes a tag. */
  onToggle: (tag: string) => void;
}

/** The tag chips: the most used tags plus any selected one, each a toggle. */
export function TagFilter({ tags, selected, onToggle }: TagFilterProps) {
  const headingId = useId();
  const offered = (tags.data ?? []).map((tag) => tag.id);
  const chips = [...selected.filter((tag) => !offered.includes(tag)), ...offered];
  return (
    <section className="filter" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter__title">
        Tags
      </h2>
      {chips.length === 0 ? (
        <p className="muted">{tags.data === undefined && tags.error === undefined ? "Loading…" : "No tags yet."}</p>
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
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
