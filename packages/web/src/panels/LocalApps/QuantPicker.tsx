import { useId } from "react";
import type { LocalAppQuant } from "../../api/local-apps";
import { formatFileSize } from "../../lib/file-size";
import { MEMORY_CHOICES } from "./local-apps-state";

/** Props of `QuantPicker`. */
export interface QuantPickerProps {
  /** The repository's quants, biggest first. */
  quants: readonly LocalAppQuant[];
  /** The label of the chosen quant. */
  selected: string | null;
  /** The memory size (GB) quants are rated against. */
  memory: number;
  /** A quant is chosen. */
  onSelect: (label: string) => void;
  /** A memory size is chosen. */
  onMemory: (gb: number) => void;
}

/** The quant picker: each quant with its size and whether it fits the chosen memory size. */
export function QuantPicker({ quants, selected, memory, onSelect, onMemory }: QuantPickerProps) {
  const memoryId = useId();
  const name = useId();
  return (
    <fieldset className="quant-picker">
      <legend>Quantization</legend>
      <label className="quant-picker__memory" htmlFor={memoryId}>
        Memory (RAM or VRAM){" "}
        <select id={memoryId} value={memory} onChange={(event) => onMemory(Number(event.target.value))}>
          {MEMORY_CHOICES.map((gb) => (
            <option key={gb} value={gb}>
              {gb} GB
            </option>
          ))}
        </select>
      </label>
      <ul className="quant-picker__list">
        {quants.map((quant) => {
          const fits = quant.fitsInGb.includes(memory);
          return (
            <li key={`${quant.label} ${quant.path}`}>
              <label className="quant-picker__option">
                <input
                  type="radio"
                  name={name}
                  value={quant.label}
                  checked={quant.label === selected}
                  onChange={() => onSelect(quant.label)}
                />
                <span className="quant-picker__label">{quant.label}</span>
                <span className="quant-picker__size">
                  {quant.size === null ? "size unknown" : formatFileSize(quant.size)}
                  {quant.shards !== null && ` in ${quant.shards} files`}
                </span>
                {quant.size !== null && (
                  <span className={`badge ${fits ? "badge--fits" : "badge--too-big"}`}>
                    {fits ? `fits ${memory} GB` : `too big for ${memory} GB`}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
