/**
 * A bounded map from template text to its compiled form, so that a stream of
 * distinct templates cannot grow memory without bound.
 *
 * @module
 */

/** The old generation of every cache before its first turnover; never written. */
const NONE: ReadonlyMap<string, unknown> = new Map();

/** How many compiled templates one cache keeps at most. */
export const TEMPLATE_CACHE_SIZE = 1000;

/**
 * Two generations of a bounded set or map: new entries go to the young one;
 * when it is full it becomes the old one and the previous old one is
 * dropped. Every step is O(1). (A single Map with first-in-first-out
 * eviction is O(n) per eviction in V8: its iterator walks over the deleted
 * entries at the front.)
 */
class Generations<V> {
  young = new Map<string, V>();
  /** Read only, and until the first turnover an empty map shared by all. */
  old: Map<string, V> = NONE as Map<string, V>;
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.#size) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}

/**
 * A cache of compiled values with an admission rule: a key is cached the
 * second time it is asked for, not the first. Templates in use come back,
 * so they are cached after one extra compile; a stream of distinct templates
 * (the cold path) compiles each once without filling the cache with objects
 * the garbage collector would have to keep promoting. A hit in the old
 * generation moves the entry back to the young one, so recently used entries
 * survive; at most `capacity` values (and as many keys seen once) are kept.
 */
export class BoundedCache<V> {
  readonly #values: Generations<V>;
  readonly #seen: Generations<true>;
  readonly #create: (key: string) => V;

  /**
   * @param create Computes the value for a key that is not cached.
   * @param capacity The most values kept.
   */
  constructor(create: (key: string) => V, capacity = TEMPLATE_CACHE_SIZE) {
    this.#create = create;
    const generation = Math.max(1, capacity >> 1);
    this.#values = new Generations(generation);
    this.#seen = new Generations(generation);
  }

  /** How many values are cached now (an entry moved back may count twice). */
  get size(): number {
    return this.#values.young.size + this.#values.old.size;
  }

  /** Returns the cached value for `key`, computing it on a miss. */
  get(key: string): V {
    const values = this.#values;
    const young = values.young.get(key);
    if (young !== undefined) return young;
    let value = values.old.get(key);
    if (value === undefined) {
      value = this.#create(key);
      const seen = this.#seen;
      if (!seen.young.has(key) && !seen.old.has(key)) {
        seen.set(key, true);
        return value;
      }
    }
    values.set(key, value);
    return value;
  }
}
