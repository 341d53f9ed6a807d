// Which row first had each main number, for a million numbers in a few tens of MB.
// An E.164 number is at most 15 digits after the +, and its first digit is never 0, so its digits read as
// a double are exact (2^53 > 10^15) and unique: the keys are numbers in a Float64Array with open addressing,
// 12 bytes per slot, instead of a Map of strings (~100 bytes per entry). libphonenumber accepts a few longer
// ones (German numbers of 17 digits): those, which a double would round, go to a Map.

export class NumberIndex {
  private keys: Float64Array;
  private rows: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 16) {
    let c = 16;
    while (c < capacity) c <<= 1;
    this.keys = new Float64Array(c);
    this.rows = new Int32Array(c);
    this.mask = c - 1;
  }

  private static key(e164: string): number {
    return Number(e164.slice(1));
  }

  private slot(k: number): number {
    const lo = k >>> 0;
    const hi = (k / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    return h & this.mask;
  }

  /** The row of the first occurrence if `e164` was seen before; otherwise records `row` and returns undefined. */
  private long?: Map<string, number>;

  firstRow(e164: string, row: number): number | undefined {
    const k = NumberIndex.key(e164);
    if (!Number.isSafeInteger(k)) {
      this.long ??= new Map();
      const first = this.long.get(e164);
      if (first === undefined) this.long.set(e164, row);
      return first;
    }
    let i = this.slot(k);
    for (;;) {
      const cur = this.keys[i];
      if (cur === 0) break;
      if (cur === k) return this.rows[i];
      i = (i + 1) & this.mask;
    }
    this.keys[i] = k;
    this.rows[i] = row;
    if (++this.size * 2 > this.keys.length) this.grow();
    return undefined;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldRows = this.rows;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.rows = new Int32Array(oldKeys.length * 2);
    this.mask = this.keys.length - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const k = oldKeys[j];
      if (k === 0) continue;
      let i = this.slot(k);
      while (this.keys[i] !== 0) i = (i + 1) & this.mask;
      this.keys[i] = k;
      this.rows[i] = oldRows[j];
    }
  }
}
