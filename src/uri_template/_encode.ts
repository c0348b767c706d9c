// TEMPORARY shim until the template-facade branch lands (contract of issue 12).
export { encodeNumber, encodeText } from "./_ts_engine.ts";
