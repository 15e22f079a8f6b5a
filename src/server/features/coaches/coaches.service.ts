import {
  CoachMessages,
  FALLBACK_ZIPCODE,
  positionsOf,
  type ParsedCoachProfileRequest,
  type ParsedCoachProfileUpdateRequest,
  type CoachResponse,
  type RateInput,
} from "@contract/coaches";
import { formatLocation } from "@contract/geo";
import { centsToDecimal, decimalToCents } from "@contract/money";
import { removeReplacedImages } from "../uploads/uploads.service";
import { createLocalStorage } from "../../adapters/storage";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { lookupZip } from "../geo/geo.service";
import * as repo from "./coaches.repository";
import { renderPromoGraphic } from "./promo-graphic";
import { calendarEvents } from "../../realtime/events";
import { present } from "../../present";
import { coachIdOfUser } from "../../db/coach-of-user";

type Viewer = Pick<UserRow, "id" | "userType">;

/** The coach profile of a user (any signed-in viewer); contact details only for the coach and admins. */
export async function getCoachProfileOfUser(deps: AppDeps, viewer: Viewer, userId: number): Promise<CoachResponse> {
  const details = await repo.findCoachByUserId(deps.database.db, userId);
  if (!details) throw notFound(CoachMessages.PROFILE_NOT_FOUND);
  return toCoachResponse(details, viewer);
}

export async function createCoachProfile(deps: AppDeps, user: UserRow, input: ParsedCoachProfileRequest): Promise<CoachResponse> {
  const { db } = deps.database;
  if (await repo.findCoachRowByUserId(db, user.id)) throw conflict(CoachMessages.PROFILE_EXISTS);
  const place = await placeOf(deps, input.zipcode);
  try {
    const coachId = await db.transaction(async (tx) => {
      const coach = await repo.insertCoach(tx, {
        userId: user.id,
        title: input.title,
        bio: input.bio,
        zipcode: input.zipcode,
        ...place,
        experience: input.experience ?? null,
        specializations: input.specializations ?? [],
        // A coach who already uploaded a personal photo shows it until they pick another.
        profileImageUrl: input.profileImageUrl ?? user.profileImageUrl ?? null,
        allowSessionRequests: input.allowSessionRequests ?? true,
      });
      await repo.replaceRates(tx, coach.id, toRateValues(input.rates ?? []));
      return coach.id;
    });
    await announceListingChange(deps, coachId);
  } catch (err) {
    if (err instanceof repo.CoachExistsError) throw conflict(CoachMessages.PROFILE_EXISTS);
    throw err;
  }
  return getCoachProfileOfUser(deps, user, user.id);
}

export async function updateCoachProfile(
  deps: AppDeps,
  user: UserRow,
  coachId: number,
  input: ParsedCoachProfileUpdateRequest,
): Promise<CoachResponse> {
  const { db } = deps.database;
  const existing = await repo.findCoachById(db, coachId);
  if (!existing) throw notFound(CoachMessages.PROFILE_NOT_FOUND);
  if (existing.coach.userId !== user.id) throw forbidden("You can only change your own coach profile.");
  const place = input.zipcode !== undefined ? await placeOf(deps, input.zipcode) : {};
  const values: Partial<repo.CoachValues> = { ...place };
  if (input.title !== undefined) values.title = input.title;
  if (input.bio !== undefined) values.bio = input.bio;
  if (input.zipcode !== undefined) values.zipcode = input.zipcode;
  if (input.experience !== undefined) values.experience = input.experience;
  if (input.specializations !== undefined) values.specializations = input.specializations;
  if (input.profileImageUrl !== undefined) values.profileImageUrl = input.profileImageUrl;
  if (input.allowSessionRequests !== undefined) values.allowSessionRequests = input.allowSessionRequests;
  await db.transaction(async (tx) => {
    await repo.updateCoach(tx, coachId, values, deps.clock.now());
    if (input.rates !== undefined) await repo.replaceRates(tx, coachId, toRateValues(input.rates));
  });
  if (input.profileImageUrl !== undefined && input.profileImageUrl !== existing.coach.profileImageUrl) {
    await removeReplacedImages(deps, [existing.coach.profileImageUrl]);
  }
  await announceListingChange(deps, coachId);
  return getCoachProfileOfUser(deps, user, user.id);
}

/** The 1080x1080 promotional PNG of the coach's own profile. */
export async function promoGraphicOf(deps: AppDeps, user: UserRow, coachId: number): Promise<{ png: Buffer; fileName: string }> {
  const details = await repo.findCoachById(deps.database.db, coachId);
  if (!details) throw notFound(CoachMessages.PROFILE_NOT_FOUND);
  if (details.coach.userId !== user.id) throw forbidden("You can only download the graphic of your own coach profile.");
  const profile = toCoachResponse(details, user);
  const photoUrl = profile.profileImageUrl ?? profile.user.profileImageUrl;
  const photo = photoUrl ? await createLocalStorage(deps.config.dataDir).read(photoUrl) : null;
  const png = await renderPromoGraphic(profile, photo);
  const slug = `${profile.user.firstName ?? ""}-${profile.user.lastName ?? ""}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { png, fileName: `${slug || "coach"}-promo.png` };
}

/** Sets the photo of the user's coach profile, when they have one (the profile-image upload). */
export async function setCoachPhotoOfUser(deps: AppDeps, userId: number, url: string): Promise<void> {
  const coachId = await repo.setCoachImageForUser(deps.database.db, userId, url, deps.clock.now());
  if (coachId !== undefined) await announceListingChange(deps, coachId);
}

/** A change to a user that is a coach's listing too (name, photo, suspension): announced when the user coaches. */
export async function announceListingChangeOfUser(deps: AppDeps, userId: number): Promise<void> {
  const coachId = await coachIdOfUser(deps.database.db, userId);
  if (coachId !== undefined) await announceListingChange(deps, coachId);
}

/** Search keeps listings in memory (search/coach-directory.ts): every change to one says so. */
export async function announceListingChange(deps: AppDeps, coachId: number): Promise<void> {
  await deps.events.publish(calendarEvents.coachUpdated(coachId));
}

async function placeOf(deps: AppDeps, zipcode: string) {
  // coach-side 9: the payment step's minimal profile uses 00000, which names no place.
  if (zipcode === FALLBACK_ZIPCODE) return { location: null, latitude: null, longitude: null, timeZone: deps.config.appTimeZone };
  const zip = await lookupZip(deps.database.db, zipcode);
  if (!zip) throw badRequest(CoachMessages.ZIPCODE_UNKNOWN, "zipcode");
  return { location: formatLocation(zip.city, zip.state), latitude: zip.latitude, longitude: zip.longitude, timeZone: zip.timeZone };
}

function toRateValues(rates: RateInput[]): repo.RateValues[] {
  return rates.map((r) => ({
    sessionType: r.sessionType,
    durationMinutes: r.duration,
    rateCents: present(decimalToCents(r.rate), "a rate in cents"),
  }));
}

export function toCoachResponse(details: repo.CoachWithDetails, viewer: Viewer): CoachResponse {
  const { coach, user } = details;
  const seesContact = viewer.id === coach.userId || viewer.userType === "admin";
  return {
    id: coach.id,
    userId: coach.userId,
    title: coach.title,
    bio: coach.bio,
    experience: coach.experience,
    zipcode: coach.zipcode,
    location: coach.location,
    latitude: coach.latitude,
    longitude: coach.longitude,
    timeZone: coach.timeZone,
    specializations: coach.specializations,
    positions: positionsOf(coach.specializations),
    profileImageUrl: coach.profileImageUrl,
    allowSessionRequests: coach.allowSessionRequests,
    rates: details.rates.map((r) => ({
      id: r.id,
      sessionType: r.sessionType,
      duration: r.durationMinutes as 30 | 60,
      rate: centsToDecimal(r.rateCents),
    })),
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      ...(seesContact ? { email: user.email, phoneNumber: user.phoneNumber } : {}),
    },
  };
}
