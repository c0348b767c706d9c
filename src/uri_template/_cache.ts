/**
 * A bounded map from template text to its compiled form, so that a stream of
 * distinct templates cannot grow memory without bound.
 *
 * @module
 */

/** How many compiled templates one cache keeps. */
export const TEMPLATE_CACHE_SIZE = 1000;

/** A first-in-first-out cache with a fixed number of entries. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;
  readonly #create: (key: string) => V;

  /**
   * @param create Computes the value for a key that is not cached.
   * @param capacity The most entries kept.
   */
  constructor(create: (key: string) => V, capacity = TEMPLATE_CACHE_SIZE) {
    this.#create = create;
    this.#capacity = capacity;
  }

  /** How many entries are cached now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Returns the cached value for `key`, computing it on a miss. */
  get(key: string): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const value = this.#create(key);
    if (this.#entries.size >= this.#capacity) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, value);
    return value;
  }
}
