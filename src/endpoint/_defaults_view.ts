/**
 * The `DEFAULTS` a builder shows (docs/design.md rule 14): a view of its
 * deep-frozen defaults that no reader can use to change what its calls read.
 *
 * @module
 */

import { Copier } from "./_copy.ts";
import { isPlainObject, setOwn } from "./_own.ts";

/**
 * What a builder shows as `DEFAULTS` (rule 14): its deep-frozen `store`,
 * with a fresh copy of each value {@linkcode Copier} copies but cannot
 * freeze (a Date, Map, buffer...), so no reader can change the copies that
 * the builder's calls read. The plain objects and arrays under which there
 * is none are shared, and so is `store` itself when it holds none. `request`
 * is shown as stored: it holds the caller's own objects.
 */
export function showDefaults<T extends Record<string, unknown>>(store: T): T {
  const shown = new Map<object, unknown>();
  const copier = new Copier(true, "defaults", false);
  const show = (item: unknown, top: boolean): unknown => {
    if (typeof item !== "object" || item === null) return item;
    let view = shown.get(item);
    if (view === undefined) {
      if (Array.isArray(item) || isPlainObject(item)) {
        const entries: Record<string, unknown> = Array.isArray(item) ? [] as never : {};
        let changed = false;
        for (const key of Object.keys(item)) {
          const value = (item as Record<string, unknown>)[key];
          const entry = top && key === "request" ? value : show(value, false);
          changed ||= entry !== value;
          setOwn(entries, key, entry);
        }
        view = changed ? Object.freeze(entries) : item;
      } else {
        view = copier.copy(item, 0);
      }
      shown.set(item, view);
    }
    return view;
  };
  return show(store, true) as T;
}
