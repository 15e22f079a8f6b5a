// `npm run db:snapshot`: writes drizzle-kit's snapshot of the current schema for the newest
// migration (meta/NNNN_snapshot.json), for migrations written by hand (several engineers adding
// migrations at once cannot all run `drizzle-kit generate`). Afterwards `npm run db:generate`
// finds "No schema changes" when the SQL and src/server/db/schema/*.ts agree.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateDrizzleJson } from "drizzle-kit/api";
import * as schema from "../src/server/db/schema/index";

const dir = new URL("../src/server/db/migrations/meta", import.meta.url).pathname;
const snapshotOf = (tag: string) => `${dir}/${tag.slice(0, 4)}_snapshot.json`;
const entries = (JSON.parse(readFileSync(`${dir}/_journal.json`, "utf8")) as { entries: { tag: string }[] }).entries;
const newest = entries.at(-1)!;
const previous = entries
  .slice(0, -1)
  .reverse()
  .find((e) => existsSync(snapshotOf(e.tag)));
const prevId = previous ? (JSON.parse(readFileSync(snapshotOf(previous.tag), "utf8")) as { id: string }).id : undefined;
writeFileSync(snapshotOf(newest.tag), `${JSON.stringify(generateDrizzleJson(schema as Record<string, unknown>, prevId), null, 2)}\n`);
console.log(`wrote the snapshot of ${newest.tag}`);
