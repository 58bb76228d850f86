// A bounded cursor over the first bytes of a file: every read checks the end first, nothing is allocated from a
// claimed length, and running out of bytes is told apart from a hostile claim.

/** Why a header could not be read: `truncated` means more bytes might help; the others never will. */
export type GgufProblem = "truncated" | "bad_magic" | "bad_version" | "hostile" | "malformed";

/** Thrown inside the reader; turned into a result with a reason at its edge. */
export class GgufReadError extends Error {
  /** What kind of problem. */
  readonly problem: GgufProblem;
  /** For `truncated`: how many bytes from the start the header needs at least. */
  readonly neededBytes: number | undefined;

  constructor(problem: GgufProblem, message: string, neededBytes?: number) {
    super(message);
    this.problem = problem;
    this.neededBytes = neededBytes;
  }
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/** Reads little- or big-endian numbers and length-prefixed strings from `bytes`, never past its end. */
export class ByteCursor {
  private readonly view: DataView;
  offset = 0;
  littleEndian = true;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes left after the cursor. */
  get remaining(): number {
    return this.bytes.byteLength - this.offset;
  }

  /** Throws `truncated` unless `count` more bytes are there. */
  need(count: number, what: string): void {
    if (count > this.remaining) {
      throw new GgufReadError("truncated", `header ends inside ${what} at byte ${this.offset}`, this.offset + count);
    }
  }

  /** Moves past `count` bytes (which must be there). */
  skip(count: number, what: string): void {
    this.need(count, what);
    this.offset += count;
  }

  u8(what: string): number {
    this.need(1, what);
    return this.view.getUint8(this.offset++);
  }

  u32(what: string): number {
    this.need(4, what);
    const value = this.view.getUint32(this.offset, this.littleEndian);
    this.offset += 4;
    return value;
  }

  /** An unsigned 64-bit count; values beyond 2^53 come back as Infinity so a limit check refuses them. */
  u64(what: string): number {
    this.need(8, what);
    const value = this.view.getBigUint64(this.offset, this.littleEndian);
    this.offset += 8;
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);
  }

  /** A signed or unsigned integer or float of the given width, as a number (64-bit integers may lose precision). */
  number(kind: "i" | "u" | "f", width: 1 | 2 | 4 | 8, what: string): number {
    this.need(width, what);
    const at = this.offset;
    const le = this.littleEndian;
    const v = this.view;
    this.offset += width;
    if (kind === "f") return width === 4 ? v.getFloat32(at, le) : v.getFloat64(at, le);
    if (width === 1) return kind === "i" ? v.getInt8(at) : v.getUint8(at);
    if (width === 2) return kind === "i" ? v.getInt16(at, le) : v.getUint16(at, le);
    if (width === 4) return kind === "i" ? v.getInt32(at, le) : v.getUint32(at, le);
    return Number(kind === "i" ? v.getBigInt64(at, le) : v.getBigUint64(at, le));
  }

  /** The length of a string, refused as hostile above `max`. */
  stringLength(max: number, what: string): number {
    const length = this.u64(`the length of ${what}`);
    if (length > max)
      throw new GgufReadError("hostile", `${what} claims ${describeCount(length)} bytes (limit ${max})`);
    return length;
  }

  /** A UTF-8 string of `length` bytes (bad sequences become U+FFFD). */
  text(length: number, what: string): string {
    this.need(length, what);
    const value = decoder.decode(this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return value;
  }
}

/** A claimed count for a message: `2^60`-sized claims read as "more than 2^53". */
export function describeCount(count: number): string {
  return Number.isFinite(count) ? String(count) : "more than 2^53";
}
