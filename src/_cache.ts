// TEMPORARY shim until the template-facade branch lands (contract of issue 12).
export { BoundedCache } from "./uri_template/_cache.ts";
