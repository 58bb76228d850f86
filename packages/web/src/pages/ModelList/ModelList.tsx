import { useId } from "react";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useFilterLibraries } from "../../hooks/useFilterLibraries";
import { useModels } from "../../hooks/useModels";
import { usePipelines } from "../../hooks/usePipelines";
import { useTags } from "../../hooks/useTags";
import { type UrlChanges, useUrlState } from "../../hooks/useUrlState";
import { hasFilters, readListQuery, SORTS, toggleTag } from "./list-query";
import { LibraryFilter, TagFilter, TaskFilter } from "./ModelFilters";
import { ModelResults } from "./ModelResults";
import "./ModelList.css";

// The chips stay one glance long.
const TAGS_SHOWN = 20;

/** The model list: search, library/task/tag filters, sort and cursor pagination, all kept in the URL. */
export function ModelList() {
  const [params, updateUrl] = useUrlState();
  const query = readListQuery(params);
  const models = useModels(query);
  const libraries = useFilterLibraries();
  const tasks = usePipelines();
  const tags = useTags(TAGS_SHOWN);
  const ids = { search: useId(), sort: useId() };
  useDocumentTitle("Models");

  // Any new filter starts again from the first page.
  const filterBy = (changes: UrlChanges, replace = false) => updateUrl({ ...changes, cursor: null }, { replace });

  return (
    <div className="list-page">
      <h1 className="list-page__title">Models</h1>
      <aside className="list-page__filters" aria-label="Filters">
        <LibraryFilter libraries={libraries} selected={query.library} onSelect={(library) => filterBy({ library })} />
        <TaskFilter
          tasks={tasks}
          selected={query.pipeline_tag}
          onSelect={(pipeline_tag) => filterBy({ pipeline_tag })}
        />
        <TagFilter
          tags={tags}
          selected={query.tags}
          onToggle={(tag) => filterBy({ filter: toggleTag(query.tags, tag) })}
        />
      </aside>
      <section className="list-page__results" aria-label="Results">
        <div className="list-page__bar">
          <search className="field list-page__search">
            <label htmlFor={ids.search}>Search</label>
            {/* The request is debounced in useModels; the URL follows every key without new history entries. */}
            <input
              id={ids.search}
              type="search"
              value={query.search}
              placeholder="Search models by id"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => filterBy({ search: event.target.value }, true)}
            />
          </search>
          <div className="field">
            <label htmlFor={ids.sort}>Sort</label>
            <select id={ids.sort} value={query.sort} onChange={(event) => filterBy({ sort: event.target.value })}>
              {SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ModelResults
          models={models}
          filtered={hasFilters(query)}
          paged={query.cursor !== undefined}
          onNext={(cursor) => updateUrl({ cursor })}
          onFirst={() => updateUrl({ cursor: null })}
          onClear={() => filterBy({ search: null, library: null, pipeline_tag: null, filter: null })}
        />
      </section>
    </div>
  );
}
