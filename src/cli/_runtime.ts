/**
 * The runtime under the command: the parts of Deno and Node.js it uses, and
 * its readers of files and standard input, which stop one byte past the
 * input limit.
 *
 * @module
 */

/** The parts of Deno and Node.js the command uses. */
export interface Runtime {
  Deno?: {
    args: string[];
    exit(code: number): void;
    openSync(path: string): { readSync(buffer: Uint8Array): number | null; close(): void };
    env: { get(name: string): string | undefined };
    stdin: { isTerminal(): boolean; readSync(buffer: Uint8Array): number | null };
  };
  process?: {
    argv: string[];
    env: Record<string, string | undefined>;
    exitCode?: number;
    getBuiltinModule?(name: string): unknown;
  };
}

/** The parts of `node:fs` and `node:tty` the command uses. */
interface NodeModules {
  fs: {
    openSync(path: string, flags: "r"): number;
    readSync(fd: number, buffer: Uint8Array, offset: number, length: number, at: null): number;
    closeSync(fd: number): void;
  };
  tty: { isatty(fd: number): boolean };
}

function nodeModules(): NodeModules | undefined {
  const process = (globalThis as Runtime).process;
  const fs = process?.getBuiltinModule?.("node:fs") as NodeModules["fs"] | undefined;
  const tty = process?.getBuiltinModule?.("node:tty") as NodeModules["tty"] | undefined;
  return fs === undefined || tty === undefined ? undefined : { fs, tty };
}

/**
 * Reads with `read` (which fills the start of a buffer and returns how many
 * bytes it wrote; 0 or `null` at the end) until the end, or until it has
 * `maxBytes + 1` bytes: one byte past the limit shows it is exceeded, and
 * nothing further is read (`/dev/zero` never ends).
 */
function readAtMost(read: (buffer: Uint8Array) => number | null, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length <= maxBytes) {
    const chunk = new Uint8Array(Math.min(65536, maxBytes + 1 - length));
    const count = read(chunk);
    if (count === null || count === 0) break;
    chunks.push(chunk.subarray(0, count));
    length += count;
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** The file at `path`, up to `maxBytes + 1` bytes. */
export function runtimeReadFile(path: string, maxBytes: number): Uint8Array {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) {
    const file = deno.openSync(path);
    try {
      return readAtMost((buffer) => file.readSync(buffer), maxBytes);
    } finally {
      file.close();
    }
  }
  const node = nodeModules();
  if (node === undefined) throw new TypeError("this runtime has no file system");
  const fd = node.fs.openSync(path, "r");
  try {
    return readAtMost((buffer) => node.fs.readSync(fd, buffer, 0, buffer.length, null), maxBytes);
  } finally {
    node.fs.closeSync(fd);
  }
}

/**
 * Standard input up to `maxBytes + 1` bytes, or `undefined` when it is a
 * terminal (nothing was piped).
 */
export function runtimeReadStdin(maxBytes: number): Uint8Array | undefined {
  const deno = (globalThis as Runtime).Deno;
  if (deno !== undefined) {
    if (deno.stdin.isTerminal()) return undefined;
    return readAtMost((buffer) => deno.stdin.readSync(buffer), maxBytes);
  }
  const node = nodeModules();
  if (node === undefined || node.tty.isatty(0)) return undefined;
  return readAtMost((buffer) => node.fs.readSync(0, buffer, 0, buffer.length, null), maxBytes);
}

/**
 * The environment variable `name`, or `undefined` when it is not set (an
 * own property only: `process.env.__proto__` is no variable).
 */
export function runtimeReadEnv(name: string): string | undefined {
  const { Deno: deno, process } = globalThis as Runtime;
  if (deno !== undefined) return deno.env.get(name);
  if (process === undefined) throw new TypeError("this runtime has no environment");
  return Object.hasOwn(process.env, name) ? process.env[name] : undefined;
}
