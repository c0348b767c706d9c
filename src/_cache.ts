/**
 * The one bounded cache of the library: compiled templates in
 * `./uri-template` and compiled routes in `endpoint()`. It is bounded in
 * entries and in the characters of the keys it keeps, so that a stream of
 * distinct (or huge) templates cannot grow memory without bound; what a
 * cached value holds grows with its key (the template text and its parts).
 *
 * @module
 */

/** How many values one cache keeps at most (and as many keys seen once). */
export const CACHE_ENTRIES = 1000;

/**
 * A key longer than this is computed on every call and never kept: a
 * route or template this long is not one a program uses again and again.
 */
export const CACHE_MAX_KEY_LENGTH = 4096;

/** The most characters of keys one cache keeps, values and keys seen once together. */
export const CACHE_KEY_CHARS = 1 << 20;

/** The old generation of every cache before its first turnover; never written. */
const NONE: ReadonlyMap<string, unknown> = new Map();

/**
 * Two generations of a bounded map: new entries go to the young one; when
 * it is full (in entries or in key characters) it becomes the old one and
 * the previous old one is dropped. Every step is O(1). (A single Map with
 * first-in-first-out eviction is O(n) per eviction in V8: its iterator walks
 * over the deleted entries at the front.)
 */
class Generations<V> {
  young = new Map<string, V>();
  /** Read only, and until the first turnover an empty map shared by all. */
  old: Map<string, V> = NONE as Map<string, V>;
  #youngChars = 0;
  readonly #entries: number;
  readonly #chars: number;

  constructor(entries: number, chars: number) {
    this.#entries = entries;
    this.#chars = chars;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.#entries || this.#youngChars + key.length > this.#chars) {
      this.old = this.young;
      this.young = new Map();
      this.#youngChars = 0;
    }
    this.young.set(key, value);
    this.#youngChars += key.length;
  }
}

/**
 * A cache of computed values with an admission rule: a key is cached the
 * second time it is asked for, not the first. Templates in use come back,
 * so they are cached after one extra compile; a stream of distinct templates
 * (the cold path) computes each once without filling the cache with objects
 * the garbage collector would have to keep promoting. A hit in the old
 * generation moves the entry back to the young one, so recently used entries
 * survive.
 */
export class BoundedCache<V> {
  readonly #values: Generations<V>;
  readonly #seen: Generations<true>;
  readonly #create: (key: string) => V;

  /**
   * @param create Computes the value for a key that is not cached.
   * @param limits The most values kept (default {@linkcode CACHE_ENTRIES})
   * and the most characters of keys kept (default {@linkcode CACHE_KEY_CHARS}).
   */
  constructor(
    create: (key: string) => V,
    limits?: { entries?: number; keyChars?: number },
  ) {
    this.#create = create;
    // Two maps (values, keys seen once) of two generations each share the limits.
    const entries = Math.max(1, (limits?.entries ?? CACHE_ENTRIES) >> 1);
    const chars = Math.max(1, (limits?.keyChars ?? CACHE_KEY_CHARS) >> 2);
    this.#values = new Generations(entries, chars);
    this.#seen = new Generations(entries, chars);
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
      if (key.length > CACHE_MAX_KEY_LENGTH) return value;
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

/**
 * A {@linkcode BoundedCache} keyed by two strings, with the last pair asked
 * for kept at hand: `parse()` of merged options asks a builder for the same
 * method and url call after call, and a hit then costs two comparisons, no
 * key to build.
 */
export class PairCache<V> {
  readonly #cache: BoundedCache<V>;
  #first: string | undefined;
  #second: string | undefined;
  #value: V | undefined;

  /** @param create Computes the value for a pair that is not cached. */
  constructor(create: (first: string, second: string) => V) {
    // The key starts with the first string's length, so no two pairs share one.
    this.#cache = new BoundedCache((key) => {
      const colon = key.indexOf(":");
      const length = Number(key.slice(0, colon));
      return create(key.slice(colon + 1, colon + 1 + length), key.slice(colon + 1 + length));
    });
  }

  /** Returns the cached value for the pair, computing it on a miss. */
  get(first: string, second: string): V {
    if (first === this.#first && second === this.#second) return this.#value!;
    const value = this.#cache.get(first.length + ":" + first + second);
    this.#first = first;
    this.#second = second;
    return this.#value = value;
  }
}

/**
 * Wraps `compute`, a pure function of a name (a header or parameter name),
 * with a cache of the names seen lately, since most calls repeat a few: at
 * most 256 names of at most 64 characters, cleared when full, so hostile
 * names can neither grow it nor pin much memory; and the last name at hand,
 * since calls mostly pass the same header again. A name for which `compute`
 * throws is never kept, so it throws every time.
 */
export function memoizeNames(compute: (name: string) => string): (name: string) => string {
  const cache = new Map<string, string>();
  let lastName: string | undefined;
  let lastValue = "";
  return (name) => {
    if (name === lastName) return lastValue;
    if (name.length > 64) return compute(name);
    let value = cache.get(name);
    if (value === undefined) {
      value = compute(name);
      if (cache.size >= 256) cache.clear();
      cache.set(name, value);
    }
    lastName = name;
    return lastValue = value;
  };
}
