import { redirectUrlFor, type AuthResponse, type CurrentUser, type Intent, type UserType } from "@contract/accounts";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { ModerationMessages } from "@contract/moderation-basics";
import { AppError, conflict, forbidden } from "../../http/errors";
import { refuseCommonPassword } from "./common-passwords";
import * as repo from "./accounts.repository";
import { hashPassword, madeWithOtherSettings, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { UserRow } from "./sessions.repository";
import { publishSessionsEnded } from "../../realtime/session-events";
import { endAllSessionsOfUser, endSession, startSession, userForSessionToken } from "./sessions.service";
import { promoteIfAdminEmail } from "./admin-role.service";
import { EMAIL_TAKEN, sendVerificationEmail } from "./email-verification.service";

// Registration and sign-in (password and Google), and who is signed in. Sessions:
// sessions.service.ts; e-mail verification and change: email-verification.service.ts; password
// reset: password-reset.service.ts; the admin role: admin-role.service.ts.

export const INVALID_CREDENTIALS = "Invalid email or password";

/** The public shape of a user (never the password hash or the Google subject). */
export function toCurrentUser(row: UserRow, coachId: number | null, isInvitedGuardian = false): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    pendingEmail: row.pendingEmail,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    phoneNumber: row.phoneNumber,
    smsOptIn: row.smsOptIn,
    playerEmail: row.playerEmail,
    birthday: row.birthday,
    profileImageUrl: row.profileImageUrl,
    parentFirstName: row.parentFirstName,
    parentLastName: row.parentLastName,
    parentPhoneNumber: row.parentPhoneNumber,
    parentEmail: row.parentEmail,
    parentSmsOptIn: row.parentSmsOptIn,
    preferredLocation: row.preferredLocation,
    maxTravelDistance: row.maxTravelDistance,
    position: row.position,
    secondaryPosition: row.secondaryPosition,
    ageGroup: row.ageGroup,
    skillLevel: row.skillLevel,
    goals: row.goals,
    preferredCoachingStyle: row.preferredCoachingStyle,
    sessionPreferences: row.sessionPreferences ?? [],
    coachId,
    isInvitedGuardian,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function currentUserOf(deps: AppDeps, row: UserRow): Promise<CurrentUser> {
  if (row.userType === "player") return toCurrentUser(row, null, await repo.isInvitedGuardian(deps.database.db, row.id));
  return toCurrentUser(row, await repo.findCoachIdForUser(deps.database.db, row.id));
}

/** Who a session token signs in, as GET /api/auth/user answers; null when nobody (no token, or ended). */
export async function currentUserOfToken(deps: AppDeps, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  const row = await userForSessionToken(deps.database.db, token, deps.clock.now());
  return row ? currentUserOf(deps, row) : null;
}

export type SignedIn = AuthResponse & { sessionToken: string };

async function signIn(deps: AppDeps, row: UserRow): Promise<SignedIn> {
  // DESIGN 12, Moderation: a suspended account signs in by no way (password, Google, a reset link).
  if (row.accountSuspendedAt !== null) throw forbidden(ModerationMessages.ACCOUNT_SUSPENDED);
  const user = await currentUserOf(deps, row);
  const { token } = await startSession(deps.database.db, row.id, deps.clock.now());
  return { user, redirectUrl: redirectUrlFor(user), sessionToken: token };
}
const userTypeFor = (requested: Intent | undefined): UserType => (requested === "coach" ? "coach" : "player");

export async function register(
  deps: AppDeps,
  input: { email: string; password: string; firstName: string; lastName: string; userType?: Intent; intent?: Intent },
): Promise<SignedIn> {
  const db = deps.database.db;
  if (await repo.findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, "email");
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  let row: UserRow;
  try {
    row = await repo.insertUser(db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      userType: userTypeFor(input.userType === "coach" || input.intent === "coach" ? "coach" : "player"),
    });
  } catch (err) {
    // Two registrations of one address at once: the unique index decides.
    if (err instanceof repo.DuplicateUserError) throw conflict(EMAIL_TAKEN, "email");
    throw err;
  }
  await sendVerificationEmail(deps, row, row.email);
  return signIn(deps, row);
}

export async function login(deps: AppDeps, input: { email: string; password: string }): Promise<SignedIn> {
  const found = await repo.findUserByEmail(deps.database.db, input.email);
  if (!found?.passwordHash) {
    await verifyAgainstDummy(input.password);
    throw new AppError(401, ErrorCode.UNAUTHORIZED, INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(found.passwordHash, input.password))) {
    throw new AppError(401, ErrorCode.UNAUTHORIZED, INVALID_CREDENTIALS);
  }
  // The password is at hand only now: an older account's hash moves to today's settings.
  if (madeWithOtherSettings(found.passwordHash)) {
    await repo.replacePasswordHash(deps.database.db, found.id, found.passwordHash, await hashPassword(input.password));
  }
  return signIn(deps, await promoteIfAdminEmail(deps, found));
}

export async function logout(deps: AppDeps, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await endSession(deps, sessionToken);
}
/** Google sign-in: the account of this Google subject, else the account of this verified e-mail (linked now), else a new one. */
export async function signInWithGoogle(
  deps: AppDeps,
  profile: { subject: string; email: string; emailVerified: boolean; firstName: string | null; lastName: string | null; intent: Intent },
): Promise<SignedIn> {
  const db = deps.database.db;
  let row = await repo.findUserByGoogleSubject(db, profile.subject);
  if (row) {
    // Google vouches for the address it reports, when it says so.
    if (!row.emailVerified && profile.emailVerified && profile.email.toLowerCase() === row.email.toLowerCase()) {
      row = await repo.updateAccount(db, row.id, { emailVerified: true });
    }
  } else {
    const byEmail = await repo.findUserByEmail(db, profile.email);
    if (byEmail) {
      // Linking an unverified address would let anyone who claims it take over the account.
      if (!profile.emailVerified) throw new Error("Google e-mail is not verified");
      // One account, one Google identity: another subject never takes over an already linked account.
      if (byEmail.googleSubject && byEmail.googleSubject !== profile.subject)
        throw new Error("Account is linked to another Google identity");
      row = await linkGoogle(deps, byEmail, profile.subject);
    } else {
      row = await repo.insertUser(db, {
        email: profile.email.toLowerCase(),
        passwordHash: null,
        googleSubject: profile.subject,
        firstName: profile.firstName,
        lastName: profile.lastName,
        userType: userTypeFor(profile.intent),
        emailVerified: profile.emailVerified,
      });
    }
  }
  return signIn(deps, await promoteIfAdminEmail(deps, row));
}

/**
 * Links a Google identity (whose address Google verified) to the password account of that address.
 * When the account's address was never verified, whoever set its password never proved they own
 * the address (account pre-hijacking): that password and every session of it end here.
 */
async function linkGoogle(deps: AppDeps, account: UserRow, subject: string): Promise<UserRow> {
  if (account.emailVerified) return repo.updateAccount(deps.database.db, account.id, { googleSubject: subject });
  const row = await deps.database.db.transaction(async (tx) => {
    const linked = await repo.updateAccount(tx, account.id, { googleSubject: subject, emailVerified: true, passwordHash: null });
    await endAllSessionsOfUser(tx, account.id);
    return linked;
  });
  await publishSessionsEnded(deps, [account.id]);
  return row;
}
