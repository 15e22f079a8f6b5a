import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/** The README's "Documents" table is how a newcomer finds a document: one left out is one nobody reads. */
const root = path.resolve(import.meta.dirname, "..");

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}

it("README.md lists every file in docs/, each on a line that says what it is", () => {
  const lines = readFileSync(path.join(root, "README.md"), "utf8").split("\n");
  const unlisted = filesUnder("docs").filter((file) => {
    const line = lines.find((l) => l.startsWith(`| \`${file}\` |`));
    const description = line?.split("|")[2]?.trim();
    return !description;
  });
  expect(unlisted, "add these to the README's Documents table, with a line on what each holds").toEqual([]);
});
