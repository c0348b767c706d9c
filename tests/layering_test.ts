/**
 * The layering CONTRIBUTING.md's "Layout" states, read from the module graph
 * (`deno info`, so that imports in comments and examples do not count):
 *
 * - a file whose name starts with `_` is private to its folder (and the
 *   folders inside it): no other folder imports it;
 * - folders import only downwards: `src/` (the shared base files) <-
 *   `src/uri_template/` <- `src/endpoint/` <- `src/adapters/`, `src/openapi/`
 *   <- `src/cli/` <- the entry files;
 * - no import circle, type-only imports included;
 * - the library imports nothing outside the repository (no runtime
 *   dependencies).
 */
import { assert, assertEquals } from "@std/assert";

const ROOT = new URL("../", import.meta.url);
const ENTRIES = ["mod.ts", "lite.ts", "octokit.ts", "cli.ts"];

/** Each folder's layer: a folder imports only its own files and lower layers. */
const LAYERS: Readonly<Record<string, number>> = {
  "src": 0,
  "src/uri_template": 1,
  "src/endpoint": 2,
  "src/adapters": 3,
  "src/openapi": 3,
  "src/cli": 4,
  "": 5,
};

/** A module's path relative to the repository root. */
function relative(specifier: string): string {
  return specifier.startsWith(ROOT.href) ? specifier.slice(ROOT.href.length) : specifier;
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Every library file: the entries and `src/**.ts`. */
async function libraryFiles(): Promise<string[]> {
  const files = [...ENTRIES];
  const walk = async (folder: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(folder, ROOT))) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".ts")) files.push(path);
    }
  };
  await walk("src");
  return files.sort();
}

interface Dependency {
  readonly specifier: string;
  readonly code?: { readonly specifier: string };
  readonly type?: { readonly specifier: string };
}

/** The import graph of the library: file -> the files it imports (code and types). */
async function importGraph(): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const file of await libraryFiles()) {
    if (graph.has(file)) continue;
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", new URL(file, ROOT).pathname],
    }).output();
    assert(output.success, new TextDecoder().decode(output.stderr));
    const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
      modules: { specifier: string; dependencies?: Dependency[] }[];
    };
    for (const module of info.modules) {
      const from = relative(module.specifier);
      if (graph.has(from)) continue;
      const to = new Set<string>();
      for (const dependency of module.dependencies ?? []) {
        const target = dependency.code?.specifier ?? dependency.type?.specifier ??
          dependency.specifier;
        to.add(relative(target));
      }
      graph.set(from, to);
    }
  }
  return graph;
}

const graph = await importGraph();

/** What the rules say of one import, or `undefined` when it is allowed. */
function problem(from: string, to: string): string | undefined {
  if (!to.endsWith(".ts") || to.includes(":")) return "imports something outside the repository";
  const fromFolder = folderOf(from);
  const toFolder = folderOf(to);
  if (fromFolder === toFolder) return undefined;
  if (
    baseName(to).startsWith("_") &&
    !(fromFolder.startsWith(toFolder + "/") && toFolder !== "")
  ) {
    return "imports another folder's private file";
  }
  const fromLayer = LAYERS[fromFolder];
  const toLayer = LAYERS[toFolder];
  if (fromLayer === undefined || toLayer === undefined) {
    return "is in a folder the layout does not name";
  }
  if (toLayer >= fromLayer) return "imports a folder that is not below its own";
  return undefined;
}

Deno.test("every library file is in the graph the checks read", async () => {
  for (const file of await libraryFiles()) assert(graph.has(file), file);
});

Deno.test("no folder imports another folder's private file, or a folder above its own", () => {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    if (from.startsWith("tests/")) continue;
    for (const to of targets) {
      const found = problem(from, to);
      if (found !== undefined) problems.push(`${from} ${found}: ${to}`);
    }
  }
  assertEquals(problems, []);
});

/** The import circles of `graph`: its strongly connected components of more than one file, or a file importing itself. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  // Iterative Tarjan: the graph is small, but a recursion is one more thing to trust.
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: [string, string[]][] = [];
    const visit = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push([node, [...(edges.get(node) ?? [])]]);
    };
    visit(start);
    while (work.length > 0) {
      const [node, pending] = work[work.length - 1];
      const child = pending.pop();
      if (child !== undefined) {
        if (!index.has(child)) visit(child);
        else if (onStack.has(child)) low.set(node, Math.min(low.get(node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.get(node)?.has(node)) found.push(component.sort());
      }
    }
  }
  return found;
}

Deno.test("the library has no import circle, type-only imports included", () => {
  assertEquals(circles(graph), []);
});

Deno.test("the circle check finds a circle, and the rules refuse what they name", () => {
  const edges = new Map([
    ["a.ts", new Set(["b.ts"])],
    ["b.ts", new Set(["c.ts"])],
    ["c.ts", new Set(["a.ts"])],
    ["d.ts", new Set(["d.ts"])],
    ["e.ts", new Set(["a.ts"])],
  ]);
  assertEquals(circles(edges), [["a.ts", "b.ts", "c.ts"], ["d.ts"]]);
  assertEquals(
    problem("src/openapi/_compile.ts", "src/endpoint/_objects.ts"),
    "imports another folder's private file",
  );
  assertEquals(
    problem("lite.ts", "src/uri_template/_ts_engine.ts"),
    "imports another folder's private file",
  );
  assertEquals(
    problem("src/endpoint/kit.ts", "src/openapi/kit.ts"),
    "imports a folder that is not below its own",
  );
  assertEquals(
    problem("src/openapi/kit.ts", "src/adapters/kit.ts"),
    "imports a folder that is not below its own",
  );
  assertEquals(problem("src/endpoint/_build.ts", "src/_cache.ts"), undefined);
  assertEquals(problem("src/endpoint/_build.ts", "src/uri_template/kit.ts"), undefined);
  assertEquals(problem("mod.ts", "npm:left-pad"), "imports something outside the repository");
});

/** The library files CONTRIBUTING.md's "Layout" map names: `name.ts` under the folder line above it. */
async function mappedFiles(): Promise<Set<string>> {
  const text = await Deno.readTextFile(new URL("CONTRIBUTING.md", ROOT));
  const open = text.indexOf("```\n", text.indexOf("## Layout")) + 4;
  const block = text.slice(open, text.indexOf("\n```", open));
  const named = new Set<string>();
  let folder = "";
  for (const line of block.split("\n")) {
    if (line === "") continue;
    if (!line.startsWith(" ")) {
      // A line of its own starts a folder ("src/endpoint/") or names root files ("mod.ts ...").
      const first = line.split(" ")[0];
      folder = first.endsWith("/") ? first.slice(0, -1) : "";
    }
    for (const [name] of line.matchAll(/[\w./]+\.ts\b/g)) {
      if (name.includes("/")) named.add(name);
      else named.add(folder === "" ? name : `${folder}/${name}`);
    }
  }
  return named;
}

Deno.test("CONTRIBUTING.md's layout names every library file, and no file that is not there", async () => {
  const files = new Set(await libraryFiles());
  const named = await mappedFiles();
  assertEquals([...files].filter((file) => !named.has(file)), [], "files the map does not name");
  assertEquals(
    [...named].filter((file) => !files.has(file) && file.startsWith("src/")),
    [],
    "names the map gives that are not files",
  );
});

Deno.test("library comments cite docs/design.md, which ships, never DECISIONS.md, which does not", async () => {
  const citing: string[] = [];
  for (const file of await libraryFiles()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    if (text.includes("DECISIONS.md")) citing.push(file);
  }
  assertEquals(citing, []);
});
