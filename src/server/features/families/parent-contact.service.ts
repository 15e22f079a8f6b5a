// The parent contact of a minor account holder (DESIGN.md 12): who may change it, and its confirmation.
import { createHash, randomBytes } from "node:crypto";
import { FamilyMessages } from "@contract/families";
import { ErrorCode } from "@contract/error-basics";
import { ageOn, ageRuleToday, isMinorAge } from "@contract/players";
import type { AppDeps } from "../../deps";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./families.repository";
import { inviteParentOfMinor, isMinorAccountHolder, ownershipOf } from "./guardians.service";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const PARENT_FIELDS = ["parentFirstName", "parentLastName", "parentPhoneNumber", "parentEmail", "parentSmsOptIn"] as const;
type ParentFields = { [K in (typeof PARENT_FIELDS)[number]]?: UserRow[K] | null };

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() || null : (v ?? null));
  return norm(a) === norm(b);
};

/**
 * Before a player's parent fields change (PATCH /api/users/profile): a minor account holder sets
 * them once (onboarding) and then neither changes them nor makes themselves an adult by birthday
 * (either would switch off the parent's copy); in a family of several guardians only its owner
 * changes them. Fields sent unchanged (the profile form sends them all) are no change.
 */
export async function requireParentContactChangeAllowed(
  deps: AppDeps,
  user: UserRow,
  changes: ParentFields & { birthday?: string | null },
): Promise<void> {
  const touched = PARENT_FIELDS.some((f) => changes[f] !== undefined && !same(changes[f], user[f]));
  const now = deps.clock.now();
  if (isMinorAccountHolder(user, now)) {
    const becomesAdult = changes.birthday !== undefined && !isMinorAge(ageOn(changes.birthday, ageRuleToday(now)));
    if (touched || becomesAdult) throw forbidden(FamilyMessages.MINOR_PARENT_CONTACT_LOCKED);
    return;
  }
  if (!touched) return;
  const familyId = await repo.existingFamilyIdOfUser(deps.database.db, user.id);
  if (familyId === undefined) return;
  const ownership = await ownershipOf(deps, familyId);
  if (ownership.members.length > 1 && ownership.ownerId !== user.id) throw forbidden(FamilyMessages.ONLY_OWNER);
}

/**
 * After the parent fields were saved: a new parent address is mailed its confirmation link, and a
 * minor account holder's parent is invited to join (the family's first invitation, DESIGN.md 12).
 */
export async function parentContactSaved(deps: AppDeps, before: UserRow, after: UserRow): Promise<void> {
  const email = after.parentEmail?.trim().toLowerCase();
  if (!email || same(before.parentEmail, after.parentEmail)) return;
  await sendParentContactConfirmation(deps, after.id, email, after);
  if (isMinorAccountHolder(after, deps.clock.now())) await inviteParentOfMinor(deps, after, email);
}

/** A fresh confirmation link (stored hashed) for the user's parent contact address. */
export async function parentConfirmationLink(deps: AppDeps, userId: number, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await repo.insertParentConfirmation(deps.database.db, {
    userId,
    email: email.trim().toLowerCase(),
    tokenHash: sha256(token),
    now: deps.clock.now(),
  });
  return `${deps.config.appUrl}/family/parent-contact/confirm?token=${token}`;
}

async function sendParentContactConfirmation(
  deps: AppDeps,
  userId: number,
  email: string,
  child: { firstName: string | null; lastName: string | null },
): Promise<void> {
  const link = await parentConfirmationLink(deps, userId, email);
  const name = child.firstName?.trim() || "Your child";
  try {
    await deps.mailer.send({
      to: email,
      subject: "Please confirm your address on LaxCoach",
      text: [
        "Hi,",
        "",
        `${name} named this address as their parent or guardian on LaxCoach, a lacrosse coaching marketplace.`,
        "Once you confirm it, you receive a copy of every message between your child's account and their coaches.",
        "",
        "Confirm this address:",
        "",
        link,
        "",
        "If you are not this player's parent or guardian, ignore this e-mail: nothing will be sent to you.",
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err }, "could not send a parent contact confirmation");
  }
}

/** POST /api/family/parent-contact/confirm {token}: the address confirms itself (single use, 7 days, still the contact). */
export async function confirmParentContact(deps: AppDeps, token: string): Promise<{ success: true; message: string }> {
  const invalid = () => new AppError(410, ErrorCode.CONFLICT, FamilyMessages.PARENT_CONTACT_LINK_INVALID);
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) throw notFound(FamilyMessages.PARENT_CONTACT_LINK_INVALID);
  const db = deps.database.db;
  const row = await repo.findParentConfirmation(db, sha256(token));
  if (!row) throw notFound(FamilyMessages.PARENT_CONTACT_LINK_INVALID);
  const now = deps.clock.now();
  if (row.confirmedAt) return { success: true, message: FamilyMessages.PARENT_CONTACT_CONFIRMED };
  if (now.getTime() - row.createdAt.getTime() > CONFIRMATION_VALID_MS) throw invalid();
  const child = await repo.findUserParentEmail(db, row.userId);
  if (!child || !same(child, row.email)) throw invalid();
  await repo.markParentConfirmed(db, row.id, now);
  return { success: true, message: FamilyMessages.PARENT_CONTACT_CONFIRMED };
}

/**
 * How a message reaches the family's parent contact (DESIGN.md 12): its text once the address
 * confirmed itself; until then a notice without the text, with a fresh confirmation link.
 */
export async function parentCopyOf(
  deps: AppDeps,
  familyId: number,
  email: string,
): Promise<{ confirmed: true } | { confirmed: false; link: string }> {
  const [holderId] = await repo.guardianIdsOfFamily(deps.database.db, familyId);
  if (holderId === undefined) return { confirmed: false, link: `${deps.config.appUrl}/login` };
  if (await repo.isParentEmailConfirmed(deps.database.db, holderId, email)) return { confirmed: true };
  return { confirmed: false, link: await parentConfirmationLink(deps, holderId, email) };
}
