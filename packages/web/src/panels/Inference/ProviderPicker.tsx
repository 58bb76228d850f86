import { useId } from "react";
import type { ProviderChoice } from "./provider-choices";

/** Props of `ProviderPicker`. */
export interface ProviderPickerProps {
  /** The providers offered. */
  choices: readonly ProviderChoice[];
  /** The provider shown as chosen. */
  selected: string;
  /** Called with the provider picked. */
  onPick: (provider: string) => void;
}

/** The inference provider picker. */
export function ProviderPicker({ choices, selected, onPick }: ProviderPickerProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Provider</label>
      <select id={id} value={selected} onChange={(event) => onPick(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
