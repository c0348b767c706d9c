/**
 * Helpers for the tests that use the npm packages as a consumer does:
 * run a command, `npm pack` a built package.
 *
 * @module
 */

/** The repository root, with a trailing `/`. */
export const ROOT: string = new URL("../", import.meta.url).pathname;
/** The dev tools' executables, with a trailing `/`. */
export const BIN: string = `${ROOT}node_modules/.bin/`;

/**
 * Bun's executable from its platform package. package.json's `allowScripts`
 * keeps bun's postinstall from running, and without it `node_modules/.bin/bun`
 * is a stub that only says so; the platform package npm installed beside it
 * holds the real binary (the `-baseline` build on CPUs without AVX2).
 */
export function bunExecutable(): string {
  const arch = Deno.build.arch === "x86_64" ? "x64" : Deno.build.arch;
  const candidates = [`bun-${Deno.build.os}-${arch}`, `bun-${Deno.build.os}-${arch}-baseline`]
    .map((name) => `${ROOT}node_modules/@oven/${name}/bin/bun`);
  for (const path of candidates) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not installed for this platform: try the next
    }
  }
  throw new Error(`no Bun binary for this platform; looked in ${candidates.join(", ")}`);
}

/** Runs `command` in `cwd`, returns its stdout, and throws with its output when it fails. */
export async function run(command: string, args: string[], cwd: string): Promise<string> {
  const env = { NO_COLOR: "1" };
  const { success, stdout, stderr } = await new Deno.Command(command, { args, cwd, env }).output();
  const text = new TextDecoder().decode(stdout);
  if (!success) {
    throw new Error(
      `${command} ${args.join(" ")} failed:\n${text}\n${new TextDecoder().decode(stderr)}`,
    );
  }
  return text;
}

/** A packed tarball: its path and the paths of the files in it. */
export interface Packed {
  tarball: string;
  files: string[];
}

/**
 * `npm pack`s the built package in `dir` (relative to the root) into
 * `destination`.
 *
 * @throws {Error} When `dir` has not been built (`deno task build:npm`).
 */
export async function pack(dir: string, destination: string): Promise<Packed> {
  await Deno.stat(`${ROOT}${dir}/package.json`).catch(() => {
    throw new Error(`${dir}/ is missing: run \`deno task build:npm\` first`);
  });
  const [{ filename, files }] = JSON.parse(
    await run(
      "npm",
      ["pack", `${ROOT}${dir}`, "--json", "--pack-destination", destination],
      destination,
    ),
  );
  return {
    tarball: `${destination}/${filename}`,
    files: files.map((file: { path: string }) => file.path),
  };
}
