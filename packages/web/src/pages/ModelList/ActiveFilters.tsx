import type { ListFilterChip } from "./list-query";

/** Props of `ActiveFilters`. */
export interface ActiveFiltersProps {
  /** The filters in force, each with its label. */
  chips: readonly ListFilterChip[];
  /** Removes one filter. */
  onRemove: (chip: ListFilterChip) => void;
  /** Removes every filter. */
  onClear: () => void;
}

/** Every active filter as a removable chip, then "Clear all": a filter reached from a link is never invisible. */
export function ActiveFilters({ chips, onRemove, onClear }: ActiveFiltersProps) {
  if (chips.length === 0) return null;
  return (
    <section className="active-filters" aria-label="Active filters">
      <ul className="chips">
        {chips.map((chip) => (
          <li key={`${chip.param}:${chip.value}`}>
            <button
              type="button"
              className="chip chip--active"
              aria-label={`Remove filter ${chip.kind}: ${chip.label}`}
              onClick={() => onRemove(chip)}
            >
              <span className="chip__kind">{chip.kind}:</span> {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClear}>
        Clear all
      </button>
    </section>
  );
}
