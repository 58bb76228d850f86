import { useId, useState } from "react";
import type { FilterLibrary, ModelFacets } from "../../api";
import { ErrorNote } from "../../components/ErrorNote";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useFilterLibraries } from "../../hooks/useFilterLibraries";
import { useModelFacets } from "../../hooks/useModelFacets";
import { useModels } from "../../hooks/useModels";
import type { Resource } from "../../hooks/useResource";
import { type UrlChanges, useUrlState } from "../../hooks/useUrlState";
import { ActiveFilters } from "./ActiveFilters";
import {
  CLEAR_FILTERS,
  filterChips,
  hasFilters,
  readListQuery,
  readPageNumber,
  removeChip,
  SORTS,
  toggleTag,
} from "./list-query";
import { type Facet, LibraryFilter, TagFilter, TaskFilter } from "./ModelFilters";
import { ModelResults } from "./ModelResults";
import "./ModelList.css";

// The chips stay one glance long.
const TAGS_SHOWN = 20;

// The registry's filter libraries with their counts under the other active filters.
function libraryFacet(registry: Resource<FilterLibrary[]>, facets: Resource<ModelFacets>): Facet<FilterLibrary> {
  const failed = facets.error !== undefined && facets.data === undefined;
  if (registry.data === undefined || facets.data === undefined) return { items: undefined, failed };
  const counts = new Map(facets.data.libraries.map((library) => [library.id, library.count]));
  const items = registry.data
    .map((library) => ({ ...library, count: counts.get(library.key) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.prettyLabel.localeCompare(b.prettyLabel));
  return { items, failed };
}

/** The model list: search, library/task/tag filters, sort and cursor pagination, all kept in the URL. */
export function ModelList() {
  const [params, updateUrl] = useUrlState();
  const query = readListQuery(params);
  const page = readPageNumber(params);
  const models = useModels(query);
  const facets = useModelFacets(query, TAGS_SHOWN);
  const registry = useFilterLibraries();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = { search: useId(), sort: useId(), filters: useId() };
  useDocumentTitle("Models");

  // Any new filter starts again from the first page.
  const filterBy = (changes: UrlChanges, replace = false) =>
    updateUrl({ ...changes, cursor: null, page: null }, { replace });
  const libraries = libraryFacet(registry, facets);
  const failed = facets.error !== undefined && facets.data === undefined;
  const tasks: Facet<{ id: string; count: number }> = { items: facets.data?.pipelines, failed };
  const tags: Facet<{ id: string; count: number }> = { items: facets.data?.tags, failed };
  const libraryLabel = (key: string) => registry.data?.find((library) => library.key === key)?.prettyLabel ?? key;
  const chips = filterChips(query, libraryLabel);

  return (
    <div className="list-page">
      <h1 className="list-page__title">Models</h1>
      <div className="list-page__filter-toggle">
        <button
          type="button"
          className="button"
          aria-expanded={filtersOpen}
          aria-controls={ids.filters}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {filtersOpen ? "Hide filters" : "Filters"}
          {chips.length > 0 && ` (${chips.length})`}
        </button>
      </div>
      <aside
        id={ids.filters}
        className={`list-page__filters${filtersOpen ? " list-page__filters--open" : ""}`}
        aria-label="Filters"
      >
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
        <ActiveFilters
          chips={chips}
          onRemove={(chip) => filterBy(removeChip(query, chip))}
          onClear={() => filterBy(CLEAR_FILTERS)}
        />
        {/* One note for the counts when the list itself loaded: the list's own error says it otherwise. */}
        {failed && models.error === undefined && (
          <ErrorNote what="The filter counts" error={facets.error} onRetry={facets.reload} />
        )}
        <ModelResults
          models={models}
          facets={facets}
          filtered={hasFilters(query)}
          page={page}
          onNext={(cursor) => updateUrl({ cursor, page: String(page + 1) })}
          // From page 2 the previous page is the first: its plain address, not a cursor that leads there.
          onPrevious={(cursor) =>
            updateUrl({ cursor: page === 2 ? null : cursor || null, page: page > 2 ? String(page - 1) : null })
          }
          onClear={() => filterBy(CLEAR_FILTERS)}
        />
      </section>
    </div>
  );
}
