import { centsToDecimal, platformFeeCents, totalCents } from "@contract/money";
import {
  PackageMessages,
  packageFamilyPrices,
  sessionShareCents,
  type Package,
  type ParsedCreatePackageRequest,
  type ParsedUpdatePackageRequest,
} from "@contract/packages";
import type { AppDeps } from "../../deps";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./packages.repository";

type Rate = { sessionType: string; durationMinutes: number; rateCents: number };

/** A package as families see it: the price per session and what it saves against the coach's single-session rate. */
export function toApiPackage(row: repo.PackageRow, rates: Rate[]): Package {
  const perSession = sessionShareCents(row.priceCents, row.sessionCount).share;
  const single = rates.find((r) => r.sessionType === row.sessionType && r.durationMinutes === row.durationMinutes);
  const savingCents = single ? single.rateCents * row.sessionCount - row.priceCents : 0;
  const family = packageFamilyPrices(row.priceCents, row.sessionCount, single ? single.rateCents : null);
  return {
    id: row.id,
    coachId: row.coachId,
    title: row.title,
    sessionType: row.sessionType,
    duration: row.durationMinutes,
    sessionCount: row.sessionCount,
    price: centsToDecimal(row.priceCents),
    pricePerSession: centsToDecimal(perSession),
    singleSessionRate: single ? centsToDecimal(single.rateCents) : null,
    saving: savingCents > 0 ? centsToDecimal(savingCents) : null,
    savingPercent: single && savingCents > 0 ? Math.round((savingCents * 100) / (single.rateCents * row.sessionCount)) : null,
    platformFee: centsToDecimal(platformFeeCents(row.priceCents)),
    totalAmount: centsToDecimal(totalCents(row.priceCents)),
    familyPricePerSession: centsToDecimal(family.perSessionCents),
    singleSessionFamilyPrice: family.singleSessionCents === null ? null : centsToDecimal(family.singleSessionCents),
    familySaving: family.savingCents === null ? null : centsToDecimal(family.savingCents),
    validDays: row.validDays,
    isArchived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireOwnCoachId(deps: AppDeps, user: UserRow): Promise<number> {
  const coach = await repo.findCoachOfUser(deps.database.db, user.id);
  if (!coach) throw forbidden(PackageMessages.PROFILE_REQUIRED);
  return coach.id;
}

/** Every session must carry at least a dollar of the price, so each one's share is a real amount. */
function requireSharePerSession(priceCents: number, sessionCount: number): void {
  if (priceCents < sessionCount * 100) throw badRequest("The price must be at least $1.00 per session.", "price");
}

/** POST /api/packages */
export async function createPackage(deps: AppDeps, user: UserRow, input: ParsedCreatePackageRequest): Promise<Package> {
  const coachId = await requireOwnCoachId(deps, user);
  requireSharePerSession(input.price, input.sessionCount);
  const now = deps.clock.now();
  const row = await repo.insertPackage(deps.database.db, {
    coachId,
    title: input.title,
    sessionType: input.sessionType,
    durationMinutes: input.duration,
    sessionCount: input.sessionCount,
    priceCents: input.price,
    validDays: input.validDays,
    createdAt: now,
    updatedAt: now,
  });
  return toApiPackage(row, await repo.listRatesOfCoach(deps.database.db, coachId));
}

/** The coach's own package, active or archived; another coach's answers 404 like a missing one. */
async function requireOwnPackage(deps: AppDeps, user: UserRow, packageId: number): Promise<repo.PackageRow> {
  const coachId = await requireOwnCoachId(deps, user);
  const row = await repo.findPackage(deps.database.db, packageId);
  if (!row || row.coachId !== coachId || row.archivedAt) throw notFound(PackageMessages.PACKAGE_NOT_FOUND);
  return row;
}

/** PUT /api/packages/{id}: what families already bought keeps its terms (purchases are snapshots). */
export async function updatePackage(deps: AppDeps, user: UserRow, packageId: number, patch: ParsedUpdatePackageRequest): Promise<Package> {
  const existing = await requireOwnPackage(deps, user, packageId);
  const priceCents = patch.price ?? existing.priceCents;
  const sessionCount = patch.sessionCount ?? existing.sessionCount;
  requireSharePerSession(priceCents, sessionCount);
  const row = await repo.updatePackage(deps.database.db, packageId, {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.sessionType !== undefined ? { sessionType: patch.sessionType } : {}),
    ...(patch.duration !== undefined ? { durationMinutes: patch.duration } : {}),
    ...(patch.validDays !== undefined ? { validDays: patch.validDays } : {}),
    sessionCount,
    priceCents,
    updatedAt: deps.clock.now(),
  });
  return toApiPackage(row, await repo.listRatesOfCoach(deps.database.db, row.coachId));
}

/** DELETE /api/packages/{id}: archived, no longer sold; credits already bought stay valid. */
export async function archivePackage(deps: AppDeps, user: UserRow, packageId: number): Promise<{ success: true; package: Package }> {
  await requireOwnPackage(deps, user, packageId);
  const now = deps.clock.now();
  const row = await repo.updatePackage(deps.database.db, packageId, { archivedAt: now, updatedAt: now });
  return { success: true, package: toApiPackage(row, await repo.listRatesOfCoach(deps.database.db, row.coachId)) };
}

const PACKAGES_PAGE_SIZE = 50;

/**
 * GET /api/coaches/{id}/packages: public, the active ones, with the price per session and the
 * saving; fewest sessions first, paged by `cursor` ("sessionCount.id" of the last one before).
 */
export async function listCoachPackages(
  deps: AppDeps,
  coachId: number,
  cursor?: { sessionCount: number; id: number },
): Promise<{ packages: Package[]; nextCursor: string | null }> {
  const db = deps.database.db;
  if (!(await repo.findCoach(db, coachId))) throw notFound(PackageMessages.COACH_NOT_FOUND);
  const [rows, rates] = await Promise.all([
    repo.listActivePackagesOfCoach(db, coachId, { after: cursor, limit: PACKAGES_PAGE_SIZE + 1 }),
    repo.listRatesOfCoach(db, coachId),
  ]);
  const page = rows.slice(0, PACKAGES_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    packages: page.map((row) => toApiPackage(row, rates)),
    nextCursor: rows.length > PACKAGES_PAGE_SIZE && last ? `${last.sessionCount}.${last.id}` : null,
  };
}
