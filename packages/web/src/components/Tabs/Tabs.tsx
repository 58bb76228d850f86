import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import "./Tabs.css";

/** One tab: a stable id (what `onSelect` gets) and what the tab shows. */
export interface TabItem {
  /** The value selected by the tab. */
  id: string;
  /** The tab's visible label. */
  label: ReactNode;
}

/** Props of `Tabs`. */
export interface TabsProps {
  /** Accessible name of the tab list, e.g. "Language". */
  label: string;
  /** The tabs, in order. */
  items: readonly TabItem[];
  /** The id of the selected tab. */
  selected: string;
  /** Called with a tab's id when it is chosen by click or keyboard. */
  onSelect: (id: string) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

// Keys of the WAI-ARIA tabs pattern and where each one moves, given the current index and the count.
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Tabs following the WAI-ARIA tabs pattern: one tab stop (roving tabindex), arrow keys, Home and
 * End move and select (automatic activation, the panels render at once), only the selected panel
 * is rendered.
 */
export function Tabs({ label, items, selected, onSelect, children }: TabsProps) {
  const prefix = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.id === selected),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || items.length === 0) return;
    event.preventDefault();
    const index = move(selectedIndex, items.length);
    const item = items[index];
    if (!item) return;
    onSelect(item.id);
    tabs.current[index]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${index}`}
            className="tabs__tab"
            aria-selected={index === selectedIndex}
            aria-controls={`${prefix}-panel`}
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {/* tabIndex 0: the panel starts with text, so it must be reachable from the tab list (APG). */}
      <div
        role="tabpanel"
        id={`${prefix}-panel`}
        aria-labelledby={`${prefix}-tab-${selectedIndex}`}
        className="tabs__panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel a tab stop.
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
