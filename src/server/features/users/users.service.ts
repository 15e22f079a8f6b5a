import type { CurrentUser } from "@contract/accounts";
import {
  PLAYER_PREFERENCE_FIELDS,
  type ParsedUpdateContactRequest,
  type ParsedUpdatePlayerProfileRequest,
  type ParsedUpdatePreferencesRequest,
  type PlayerPreferences,
} from "@contract/users";
import { ageRuleToday, minorRuleProblem, PlayerMessages } from "@contract/players";
import { ChildrenMessages, isUnderConsentAge } from "@contract/children";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden } from "../../http/errors";
import { currentUserOf } from "../accounts/accounts.service";
import { EMAIL_TAKEN, requestEmailChange } from "../accounts/email-verification.service";
import type { UserRow } from "../accounts/sessions.repository";
import { announceListingChangeOfUser, setCoachPhotoOfUser } from "../coaches/coaches.service";
import { parentContactSaved, requireParentContactChangeAllowed } from "../families/parent-contact.service";
import { coachPhotoOfUser, removeReplacedImages, storeImage } from "../uploads/uploads.service";
import * as repo from "./users.repository";

/**
 * PUT /api/users/{id}: a user changes only their own contact details. A new e-mail needs the
 * current password and waits for its link to be followed (DESIGN.md 10); the rest saves now.
 */
export async function updateContact(
  deps: AppDeps,
  user: UserRow,
  targetUserId: number,
  input: ParsedUpdateContactRequest,
  clientAddress: string,
): Promise<CurrentUser> {
  if (user.id !== targetUserId) throw forbidden("You can only update your own contact information.");
  // Checked first, so that a wrong password changes nothing at all.
  const withEmail = await requestEmailChange(deps, user, input.email, input.currentPassword, clientAddress);
  const changes: repo.UserChanges = {
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber,
  };
  if (input.smsOptIn !== undefined) changes.smsOptIn = input.smsOptIn;
  const saved = await saveChanges(deps, withEmail.id, changes);
  await announceListingChangeOfUser(deps, user.id);
  return currentUserOf(deps, saved);
}

/** PUT /api/user/preferences: contact fields for anyone; playing preferences only for players. */
export async function updatePreferences(deps: AppDeps, user: UserRow, input: ParsedUpdatePreferencesRequest): Promise<CurrentUser> {
  const touchesPlayerFields = PLAYER_PREFERENCE_FIELDS.some((field) => input[field] !== undefined);
  if (touchesPlayerFields && user.userType !== "player") throw forbidden("Playing preferences are only available for players.");
  const changes: repo.UserChanges = {};
  for (const field of ["phoneNumber", "smsOptIn", ...PLAYER_PREFERENCE_FIELDS] as const) {
    if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
  }
  if (Object.keys(changes).length === 0) return currentUserOf(deps, user);
  return currentUserOf(deps, await saveChanges(deps, user.id, changes));
}

/**
 * PATCH /api/users/profile: a player changes the fields they send. The minor rule is checked on
 * the profile as it will be after the change, with today's date in the app's time zone; the parent
 * contact changes only as DESIGN.md 12 allows, and a new one is mailed its confirmation link.
 */
export async function updatePlayerProfile(deps: AppDeps, user: UserRow, input: ParsedUpdatePlayerProfileRequest): Promise<CurrentUser> {
  if (user.userType !== "player") throw forbidden("Player profiles are only available for players.");
  const changes: repo.UserChanges = {};
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined) Object.assign(changes, { [field]: value });
  }
  await requireParentContactChangeAllowed(deps, user, changes);
  const after = { ...user, ...changes };
  // DESIGN.md 12: nobody under 13 holds an account; a parent creates it and adds the child as an athlete.
  if (input.birthday && isUnderConsentAge(input.birthday, ageRuleToday(deps.clock.now()))) {
    throw badRequest(ChildrenMessages.ACCOUNT_UNDER_13, "birthday");
  }
  const problem = minorRuleProblem(after.birthday, ageRuleToday(deps.clock.now()), after);
  if (problem) throw badRequest(problem.description, problem === PlayerMessages.MISSING_PARENT ? "parentFirstName" : "parentSmsOptIn");
  if (Object.keys(changes).length === 0) return currentUserOf(deps, user);
  const saved = await saveChanges(deps, user.id, changes);
  if (saved.profileImageUrl !== user.profileImageUrl) await removeReplacedImages(deps, [user.profileImageUrl]);
  await parentContactSaved(deps, user, saved);
  return currentUserOf(deps, saved);
}

export function preferencesOf(user: UserRow): PlayerPreferences {
  return {
    position: user.position,
    ageGroup: user.ageGroup,
    skillLevel: user.skillLevel,
    goals: user.goals,
    maxTravelDistance: user.maxTravelDistance,
    preferredLocation: user.preferredLocation,
  };
}

/** A new photo of the user (and of their coach profile): stored, set, and the photos it replaces removed. */
export async function replaceProfileImage(deps: AppDeps, user: UserRow, image: Buffer): Promise<string> {
  const url = await storeImage(deps, image);
  const replaced = [user.profileImageUrl, await coachPhotoOfUser(deps, user.id)];
  await repo.updateUser(deps.database.db, user.id, { profileImageUrl: url }, deps.clock.now());
  await announceListingChangeOfUser(deps, user.id);
  await setCoachPhotoOfUser(deps, user.id, url);
  await removeReplacedImages(deps, replaced);
  return url;
}

async function saveChanges(deps: AppDeps, userId: number, changes: repo.UserChanges): Promise<UserRow> {
  try {
    return await repo.updateUser(deps.database.db, userId, changes, deps.clock.now());
  } catch (err) {
    if (err instanceof repo.EmailTakenError) throw conflict(EMAIL_TAKEN, "email");
    throw err;
  }
}
