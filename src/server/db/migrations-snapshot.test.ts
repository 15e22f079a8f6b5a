import { existsSync, readFileSync } from "node:fs";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema/index";

/**
 * Migrations are written by hand (several branches add them at once), so drizzle-kit's snapshot of
 * the newest one is written by `npm run db:snapshot`. If the schema files and that snapshot
 * disagree, `npm run db:generate` on a clean tree writes a migration that re-creates what exists.
 */
const meta = new URL("./migrations/meta/", import.meta.url);
type Entry = { idx: number; when: number; tag: string };
const entries = (JSON.parse(readFileSync(new URL("_journal.json", meta), "utf8")) as { entries: Entry[] }).entries;
const newest = entries.at(-1);

describe("migrations and the schema", () => {
  it("has a drizzle-kit snapshot for the newest migration (npm run db:snapshot writes it)", () => {
    expect(newest && existsSync(new URL(`${newest.tag.slice(0, 4)}_snapshot.json`, meta))).toBe(true);
  });

  it("finds no change between the newest snapshot and src/server/db/schema, so db:generate writes nothing", async () => {
    if (!newest) throw new Error("no migration in the journal");
    const snapshot = JSON.parse(readFileSync(new URL(`${newest.tag.slice(0, 4)}_snapshot.json`, meta), "utf8")) as Parameters<
      typeof generateMigration
    >[0];
    const statements = await generateMigration(snapshot, generateDrizzleJson(schema as Record<string, unknown>));
    expect(statements).toEqual([]);
  });

  it("lists each migration once, in the order they are applied, each with its SQL file", () => {
    const whens = entries.map((e) => e.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    expect(new Set(entries.map((e) => e.idx)).size).toBe(entries.length);
    for (const entry of entries) expect(existsSync(new URL(`../${entry.tag}.sql`, meta)), entry.tag).toBe(true);
  });
});
