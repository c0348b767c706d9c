/**
 * A bounded map from template text to its compiled form, so that a stream of
 * distinct templates cannot grow memory without bound.
 *
 * @module
 */

/** How many compiled templates one cache keeps at most. */
export const TEMPLATE_CACHE_SIZE = 1000;

/**
 * A cache of two generations: new entries go to the young map; when it is
 * full it becomes the old map and the previous old map is dropped; a hit in
 * the old map moves the entry back to the young one. Every step is O(1),
 * recently used entries survive, and at most `capacity` entries are kept.
 * (A single Map with first-in-first-out eviction is O(n) per eviction in V8:
 * its iterator walks over the deleted entries at the front.)
 */
export class BoundedCache<V> {
  #young = new Map<string, V>();
  #old = new Map<string, V>();
  readonly #generation: number;
  readonly #create: (key: string) => V;

  /**
   * @param create Computes the value for a key that is not cached.
   * @param capacity The most entries kept.
   */
  constructor(create: (key: string) => V, capacity = TEMPLATE_CACHE_SIZE) {
    this.#create = create;
    this.#generation = Math.max(1, capacity >> 1);
  }

  /** How many entries are cached now (an entry moved back may count twice). */
  get size(): number {
    return this.#young.size + this.#old.size;
  }

  /** Returns the cached value for `key`, computing it on a miss. */
  get(key: string): V {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const value = this.#old.get(key) ?? this.#create(key);
    if (this.#young.size >= this.#generation) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
    return value;
  }
}
