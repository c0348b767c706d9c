/**
 * Counting what a compile reads of a description: the laziness tests of
 * `fromOpenAPI` (OpenAPI 3 and Swagger 2.0) check that making a builder
 * reads no operation.
 *
 * @module
 */

/** `value` behind a Proxy that counts the reads of its own fields (the compiler's reads). */
export function counted<T extends object>(value: T, reads: { n: number }): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === "string" && Object.hasOwn(target, key)) reads.n++;
      return Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === "string") reads.n++;
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}
