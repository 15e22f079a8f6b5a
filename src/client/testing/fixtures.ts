import type { CurrentUser } from "../../contract/accounts";

/** A signed-in user with nothing filled in beyond the account itself. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: "casey@example.com",
    emailVerified: true,
    pendingEmail: null,
    firstName: null,
    lastName: null,
    userType: "coach",
    phoneNumber: null,
    smsOptIn: false,
    playerEmail: null,
    birthday: null,
    profileImageUrl: null,
    parentFirstName: null,
    parentLastName: null,
    parentPhoneNumber: null,
    parentEmail: null,
    parentSmsOptIn: false,
    preferredLocation: null,
    maxTravelDistance: null,
    position: null,
    secondaryPosition: null,
    ageGroup: null,
    skillLevel: null,
    goals: [],
    preferredCoachingStyle: null,
    sessionPreferences: [],
    coachId: null,
    hasPassword: true,
    createdAt: "2026-11-01T12:00:00.000Z",
    ...overrides,
  };
}
