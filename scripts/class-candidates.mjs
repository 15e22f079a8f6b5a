import path from "node:path";
import { Scanner } from "@tailwindcss/oxide";

/**
 * Every class-like word of the client's sources and the contract it draws from, as Tailwind's own
 * scanner finds them for the style sheet: a class that is not among them has no style, so these are
 * all the classes whose merging can change what a page looks like.
 */
export function clientClassCandidates() {
  const root = path.resolve(import.meta.dirname, "..");
  const scanner = new Scanner({
    sources: [
      ...["src/client", "src/contract"].map((dir) => ({ base: path.join(root, dir), pattern: "**/*", negated: false })),
      // The merge table's own words are not the app's classes (styles.css leaves it out too).
      { base: path.join(root, "src/client/lib"), pattern: "class-merge-config.ts", negated: true },
    ],
  });
  return scanner.scan();
}
