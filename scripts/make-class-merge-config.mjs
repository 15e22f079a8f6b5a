#!/usr/bin/env node
/**
 * Writes src/client/lib/class-merge-config.ts: tailwind-merge's own default configuration cut down
 * to the class groups the client's classes belong to. tailwind-merge with its whole table is about
 * 8.4 KB of gzip on every page that draws a button or a card; with only the groups the app uses it
 * is about 3 KB, and it merges every class the app writes exactly as the whole table did
 * (class-merge-config.test.ts proves it on every class in the sources). Run it again when that test
 * fails, after a class of a new kind was written:
 *
 *   node scripts/make-class-merge-config.mjs && npx prettier --write src/client/lib/class-merge-config.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, validators } from "tailwind-merge";
import { clientClassCandidates } from "./class-candidates.mjs";

const full = getDefaultConfig();
const candidates = clientClassCandidates();

/** tailwind-merge with one class group of a configuration, and no conflicts: it merges a class repeated to one only when that group recognises it. */
const oneGroup = (config, group) =>
  createTailwindMerge(() => ({
    ...config,
    classGroups: { [group]: config.classGroups[group] },
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
const isRecognised = (merge, className) => merge(`${className} ${className}`) === className;
// An arbitrary property ("[overflow-wrap:anywhere]") is recognised by tailwind-merge with no table at all.
const noTable = createTailwindMerge(() => ({ ...full, classGroups: {}, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
const classes = candidates.filter((c) => !isRecognised(noTable, c));
/** For each group, the app's classes it recognises. */
const classesOf = new Map();
for (const group of Object.keys(full.classGroups)) {
  const merge = oneGroup(full, group);
  const recognised = classes.filter((c) => isRecognised(merge, c));
  if (recognised.length > 0) classesOf.set(group, recognised);
}
const used = new Set(classesOf.keys());

/*
 * Within the groups kept, every value, validator and prefix that none of the app's classes needs is
 * left out too: each is taken away in turn, and stays away when every group still recognises all
 * the classes it did (so each class keeps its groups, and every merge its result).
 */
const copy = (value) =>
  Array.isArray(value)
    ? value.map(copy)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value;
const cut = { ...full, theme: copy(full.theme), classGroups: Object.fromEntries([...used].map((g) => [g, copy(full.classGroups[g])])) };
const stillRecognised = (groups) => groups.every((group) => classesOf.get(group).every((c) => isRecognised(oneGroup(cut, group), c)));
function prune(list, groups) {
  for (let i = list.length - 1; i >= 0; i--) {
    const [item] = list.splice(i, 1);
    if (stillRecognised(groups)) continue;
    list.splice(i, 0, item);
    if (item && typeof item === "object" && !Array.isArray(item))
      for (const key of Object.keys(item)) {
        const inner = item[key];
        delete item[key];
        if (stillRecognised(groups)) continue;
        item[key] = inner;
        if (Array.isArray(inner)) prune(inner, groups);
      }
  }
}
for (const group of used) prune(cut.classGroups[group], [group]);
for (const key of Object.keys(cut.theme)) prune(cut.theme[key], [...used]);

const validatorNames = new Map(Object.entries(validators).map(([name, fn]) => [fn, name]));
const usedValidators = new Set();
/** A theme getter (fromTheme("spacing")) names its key only when called: a recording theme reads it. */
function themeKey(getter) {
  let key;
  getter(new Proxy({}, { get: (_, k) => ((key = k), []) }));
  return key;
}
const themeKeys = new Set();
function source(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") {
    if (value.isThemeGetter) {
      const key = themeKey(value);
      themeKeys.add(key);
      return `fromTheme(${JSON.stringify(key)})`;
    }
    const name = validatorNames.get(value);
    if (!name) throw new Error(`tailwind-merge's configuration has a function that is not one of its validators: ${value}`);
    usedValidators.add(name);
    return name;
  }
  if (Array.isArray(value)) return `[${value.map(source).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${source(v)}`)
    .join(", ")} }`;
}
const pick = (record, keep) => Object.fromEntries(Object.entries(record).filter(([key]) => keep(key)));
const classGroups = source(cut.classGroups);
const conflicts = (record) =>
  source(
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => used.has(group))
        .map(([group, others]) => [group, others.filter((other) => used.has(other))])
        .filter(([, others]) => others.length > 0),
    ),
  );
const conflictingClassGroups = conflicts(full.conflictingClassGroups);
const conflictingClassGroupModifiers = conflicts(full.conflictingClassGroupModifiers);
const postfixLookupClassGroups = source((full.postfixLookupClassGroups ?? []).filter((g) => used.has(g)));
// Theme values can name other theme keys (fromTheme inside a scale): follow them until none is new.
let theme;
for (let size = -1; size !== themeKeys.size;) {
  size = themeKeys.size;
  theme = source(pick(cut.theme, (key) => themeKeys.has(key)));
}

const out = `// Generated by scripts/make-class-merge-config.mjs from tailwind-merge's default configuration: do not edit.
import { fromTheme, validators, type Config } from "tailwind-merge";

const { ${[...usedValidators].sort().join(", ")} } = validators;

/** tailwind-merge's default configuration, only the ${used.size} of its ${Object.keys(full.classGroups).length} class groups the client's classes belong to, and in them only what those classes need. */
export const classMergeConfig = (): Config<string, string> => ({
  cacheSize: ${full.cacheSize},
  theme: ${theme},
  classGroups: ${classGroups},
  conflictingClassGroups: ${conflictingClassGroups},
  conflictingClassGroupModifiers: ${conflictingClassGroupModifiers},
  postfixLookupClassGroups: ${postfixLookupClassGroups},
  orderSensitiveModifiers: ${source(full.orderSensitiveModifiers)},
});
`;
writeFileSync(path.resolve(import.meta.dirname, "../src/client/lib/class-merge-config.ts"), out);
console.log(`${used.size} of ${Object.keys(full.classGroups).length} class groups, from ${candidates.length} candidate classes`);
