/**
 * What one entry costs beyond its key and value: the Map slot, the entry object and its fields. An estimate on
 * the generous side, so that a flood of tiny entries (an empty answer is 11 bytes) is still bounded by memory.
 */
export const ENTRY_OVERHEAD_BYTES = 128;

/** A string's memory at most: V8 keeps a string in one or two bytes a character. */
export function stringBytes(text: string): number {
  return text.length * 2;
}

interface Slot<V> {
  value: V;
  bytes: number;
}

/**
 * A map bounded by the memory of its keys and values together, which drops the least recently used entries
 * to make room. A key or value the caller controls (a query string) therefore cannot grow it past `maxBytes`,
 * however many distinct ones arrive; an entry larger than the whole bound is not kept at all.
 */
export class ByteBoundedLru<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private usedBytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly valueBytes: (value: V) => number,
  ) {}

  /** The bytes counted for every key, value and entry held now; never more than `maxBytes`. */
  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.slots.size;
  }

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    // Maps iterate in insertion order: moving a used entry to the end keeps the least recently used first.
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = stringBytes(key) + this.valueBytes(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    for (const oldestKey of this.slots.keys()) {
      if (this.usedBytes + bytes <= this.maxBytes) break;
      this.delete(oldestKey);
    }
    this.slots.set(key, { value, bytes });
    this.usedBytes += bytes;
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.usedBytes -= slot.bytes;
  }
}
