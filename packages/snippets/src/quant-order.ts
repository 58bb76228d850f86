// Quant labels from biggest to smallest, the nearest-quant finder and the default pick.
import { type BaseQuantLabel, baseQuantLabel, type QuantLabel } from "./quantization.js";

/**
 * Bits per weight of each label on Llama-3-8B (file size in GB × 8 / 8.03 billion parameters), from the
 * published quants of that model and llama.cpp's quantize tables. The mixtures keep some tensors at higher
 * precision, so these are above the block formats' nominal figures. Only the order is relied upon, and a test
 * pins it.
 */
export const QUANT_BITS_PER_WEIGHT = {
  F32: 32,
  F16: 16,
  BF16: 16,
  Q8_K_XL: 9.9,
  Q8_0: 8.5,
  Q6_K_XL: 7.3,
  Q6_K: 6.57,
  Q5_1: 6.05,
  Q5_K_XL: 5.9,
  Q5_K_M: 5.71,
  Q5_K_S: 5.58,
  Q5_0: 5.57,
  Q4_1: 5.11,
  Q4_K_XL: 5.0,
  Q4_K_M: 4.9,
  Q4_K_S: 4.67,
  IQ4_NL: 4.66,
  Q4_0: 4.65,
  Q4_0_4_4: 4.64,
  Q4_0_4_8: 4.64,
  Q4_0_8_8: 4.64,
  MXFP4_MOE: 4.6,
  MXFP4: 4.59,
  IQ4_XS: 4.43,
  Q3_K_XL: 4.4,
  Q3_K_L: 4.3,
  Q3_K_M: 4.0,
  IQ3_M: 3.77,
  Q3_K_S: 3.65,
  IQ3_S: 3.6,
  IQ3_XS: 3.5,
  Q2_K_XL: 3.4,
  IQ3_XXS: 3.26,
  Q2_K: 3.17,
  Q2_K_S: 3.0,
  IQ2_M: 2.94,
  IQ2_S: 2.75,
  IQ2_XS: 2.6,
  IQ2_XXS: 2.39,
  TQ2_0: 2.3,
  IQ1_M: 2.15,
  TQ1_0: 2.1,
  IQ1_S: 2.01,
} as const satisfies Record<BaseQuantLabel, number>;

/** The label every picker starts on when a repository has it. */
export const DEFAULT_QUANT: QuantLabel = "Q4_K_M";

// Unsloth's dynamic quant keeps more layers at high precision than the plain one of the same base type.
const UD_BONUS = 0.05;

/** Approximate bits per weight of a label (see QUANT_BITS_PER_WEIGHT). */
export function quantBitsPerWeight(label: QuantLabel): number {
  return QUANT_BITS_PER_WEIGHT[baseQuantLabel(label)] + (label.startsWith("UD-") ? UD_BONUS : 0);
}

/** Compares labels biggest first; equal sizes keep the table's order, then the name. */
export function compareQuants(a: QuantLabel, b: QuantLabel): number {
  const byBits = quantBitsPerWeight(b) - quantBitsPerWeight(a);
  if (byBits !== 0) return byBits;
  const order = Object.keys(QUANT_BITS_PER_WEIGHT);
  const byTable = order.indexOf(baseQuantLabel(a)) - order.indexOf(baseQuantLabel(b));
  return byTable !== 0 ? byTable : a < b ? -1 : a > b ? 1 : 0;
}

/** `labels` sorted biggest to smallest (a new array). */
export function sortQuants<T extends QuantLabel>(labels: readonly T[]): T[] {
  return [...labels].sort(compareQuants);
}

/**
 * The label of `available` closest in size to `wanted`: itself when present, else the nearest by bits per weight;
 * on a tie the smaller one, which fits more machines. Undefined when `available` is empty.
 */
export function nearestQuant<T extends QuantLabel>(wanted: QuantLabel, available: readonly T[]): T | undefined {
  if (available.includes(wanted as T)) return wanted as T;
  const target = quantBitsPerWeight(wanted);
  let best: T | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const label of available) {
    const bits = quantBitsPerWeight(label);
    const distance = Math.abs(bits - target);
    if (distance < bestDistance || (distance === bestDistance && best && bits < quantBitsPerWeight(best))) {
      best = label;
      bestDistance = distance;
    }
  }
  return best;
}

/** The quant a picker starts on: Q4_K_M when present, else the one nearest to it. */
export function defaultQuant<T extends QuantLabel>(available: readonly T[]): T | undefined {
  return nearestQuant(DEFAULT_QUANT, available);
}
