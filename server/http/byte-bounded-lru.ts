import { LRUCache } from 'lru-cache';

/**
 * What one entry costs beyond its key and value: the map slot, the entry object and its fields. An estimate on
 * the generous side, so that a flood of tiny entries (an empty answer is 11 bytes) is still bounded by memory.
 */
export const ENTRY_OVERHEAD_BYTES = 128;

/** A string's memory at most: V8 keeps a string in one or two bytes a character. */
export function stringBytes(text: string): number {
  return text.length * 2;
}

/**
 * A map bounded by the memory of its keys and values together (lru-cache's `maxSize`), which drops the least
 * recently used entries to make room. A key or value the caller controls (a query string) therefore cannot grow it
 * past `maxBytes`, however many distinct ones arrive; an entry larger than the whole bound is not kept at all.
 * `calculatedSize` is the bytes counted now.
 */
export function byteBoundedLru<V extends object>(
  maxBytes: number,
  valueBytes: (value: V) => number,
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => stringBytes(key) + valueBytes(value) + ENTRY_OVERHEAD_BYTES,
  });
}
