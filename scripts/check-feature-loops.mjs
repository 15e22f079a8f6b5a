// Part of `npm run lint` (issue 45): the server's feature folders must not depend on each other in a
// loop. ESLint's import/no-cycle sees loops between files; this sees them between folders, where a
// loop means two features that cannot be understood, changed or tested one without the other.
// A folder depends on another when any of its files (tests aside) imports from it, types included.
// Shared rules that several features need belong in src/server/db (data) or src/contract.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../src/server/features");
const IMPORT = /(?:import|export)[^'"]*?from\s+["'](\.\.\/[^'"]+)["']/g;

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesOf(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** folder -> folder -> the first import that makes the edge */
const edges = new Map();
for (const folder of readdirSync(root)) {
  if (!statSync(path.join(root, folder)).isDirectory()) continue;
  const out = new Map();
  edges.set(folder, out);
  for (const file of filesOf(path.join(root, folder))) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.relative(root, path.resolve(path.dirname(file), spec));
      const into = target.split(path.sep)[0];
      if (target.startsWith("..") || into === folder) continue;
      if (!out.has(into)) out.set(into, `${path.relative(root, file)} imports ${spec}`);
    }
  }
}

// Tarjan's strongly connected components: each with more than one folder is a loop.
let index = 0;
const indices = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function visit(v) {
  indices.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!indices.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
  }
  if (low.get(v) === indices.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const v of [...edges.keys()].sort()) if (!indices.has(v)) visit(v);

if (loops.length > 0) {
  console.error("Feature folders that depend on each other in a loop (src/server/features):");
  for (const loop of loops) {
    console.error(`- ${loop.join(", ")}`);
    for (const from of loop)
      for (const [to, why] of edges.get(from) ?? []) if (loop.includes(to)) console.error(`    ${from} -> ${to}: ${why}`);
  }
  process.exit(1);
}
console.log(`No loops between the ${edges.size} feature folders.`);
