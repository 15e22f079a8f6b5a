import type { AppDeps } from "../../deps";
import * as repo from "../../db/public-coaches";

/** The coach's public facts (town, positions, last change), or undefined when unknown or not public. */
export function findPublicCoach(deps: AppDeps, coachId: number): Promise<repo.PublicCoachRow | undefined> {
  if (!Number.isSafeInteger(coachId) || coachId < 1 || coachId > 2_147_483_647) return Promise.resolve(undefined);
  return repo.findPublicCoach(deps.database.db, coachId);
}

/** Public coaches of one sitemap file: the `index`-th run of `perFile` coaches by id. */
export async function publicCoachesOfFile(deps: AppDeps, index: number, perFile: number): Promise<repo.PublicCoachRow[]> {
  const db = deps.database.db;
  if (index === 0) return repo.listPublicCoaches(db, 0, perFile);
  const firstId = await repo.publicCoachIdAt(db, index * perFile);
  return firstId === undefined ? [] : repo.listPublicCoaches(db, firstId - 1, perFile);
}

export function countPublicCoaches(deps: AppDeps): Promise<number> {
  return repo.countPublicCoaches(deps.database.db);
}
