import { createTailwindMerge, twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classMergeConfig } from "../src/client/lib/class-merge-config";
import { clientClassCandidates } from "./class-candidates.mjs";

/**
 * lib/cn.ts merges with tailwind-merge's table cut down to the groups the app's classes belong to
 * (scripts/make-class-merge-config.mjs). tailwind-merge drops a class when a later one is of its
 * group or of a group that overrides it, decided class by class, so two tables merge every list of
 * the app's classes alike when they recognise the same classes and merge every pair of them alike.
 * A class of a new kind fails here: run the generator again.
 */
describe("the cut-down class-merge table", () => {
  const merge = createTailwindMerge(classMergeConfig);
  const candidates = clientClassCandidates();
  // Words tailwind-merge does not recognise it keeps as they are, with either table.
  const recognised = candidates.filter((c) => twMerge(`${c} ${c}`) === c);

  it("recognises every class of the sources that the whole table recognises, and no other", () => {
    expect(recognised.length).toBeGreaterThan(500);
    expect(candidates.filter((c) => merge(`${c} ${c}`) !== twMerge(`${c} ${c}`))).toEqual([]);
  });

  // About 1.5 million merges: seconds on a busy machine.
  it("merges every ordered pair of the sources' classes as the whole table does", { timeout: 60_000 }, () => {
    const differing: string[] = [];
    for (const first of recognised)
      for (const second of recognised) {
        const pair = `${first} ${second}`;
        if (merge(pair) !== twMerge(pair)) differing.push(pair);
      }
    expect(differing).toEqual([]);
  });

  it("still lets a later class win over an earlier one of its kind", () => {
    expect(merge("h-11 px-5 h-auto px-0")).toBe("h-auto px-0");
    expect(merge("p-5 pt-0 sm:p-6 sm:pt-0 p-4")).toBe("sm:p-6 sm:pt-0 p-4");
  });
});
