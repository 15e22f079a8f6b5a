// Over 300 lines: sign-up, sign-in, e-mail verification and password reset share the token and user rules.
import { createHash, randomBytes } from "node:crypto";
import {
  EmailVerificationMessages,
  INVALID_VERIFY_LINK,
  PasswordMessages,
  redirectUrlFor,
  type AuthResponse,
  type CurrentUser,
  type Intent,
  type UserType,
} from "@contract/accounts";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { FAILED_LOGINS_PER_ACCOUNT, LimitMessages, MAX_VERIFICATION_EMAILS_PER_HOUR } from "@contract/limits";
import { ModerationMessages } from "@contract/moderation-basics";
import { AppError, badRequest, conflict, forbidden } from "../../http/errors";
import {
  AUTH_WINDOW_MS,
  FAILED_LOGIN_ACCOUNT_PREFIX,
  FAILED_LOGIN_PAIR_PREFIX,
  FAILED_LOGINS_PER_PAIR,
  failedLoginPairKey,
  TOO_MANY_ATTEMPTS,
} from "../../http/rate-limit";
import { replaceFeedTokenOf } from "../calendar/calendar.service";
import { isCommonPassword } from "./common-passwords";
import * as repo from "./accounts.repository";
import * as rateLimits from "../../db/rate-limit-hits";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { UserRow } from "./sessions.repository";
import { publishSessionsEnded } from "../../realtime/session-events";
import { greetingFor, sendAddressInUseNotice, sendEmailChangedNotice, sendLinkEmail } from "./account-emails";
import { endAllSessionsOfUser, endSession, startSession, userForSessionToken } from "./sessions.service";
import { present } from "../../present";

export const EMAIL_TAKEN = "An account with this email already exists";
export const INVALID_CREDENTIALS = "Invalid email or password";
export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, you'll receive a password reset link within a few minutes.";
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/**
 * A forgot-password answer never comes sooner than this, whether the address has an account or
 * not: the reset mail is sent within it (and goes on after it when the mail server is slow), so
 * the answer's timing tells nothing either.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

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

const isAdminEmail = (deps: AppDeps, email: string) => deps.config.adminEmails.includes(email.toLowerCase());

/**
 * ADMIN_EMAILS is re-read at every sign-in and verification, so adding an address promotes that
 * user next time. Only a verified address counts (DESIGN.md 10): anyone can type an admin's
 * address into a form, only its owner can follow the link mailed to it.
 */
async function promoteIfAdminEmail(deps: AppDeps, row: UserRow): Promise<UserRow> {
  if (row.userType === "admin" || !row.emailVerified || !isAdminEmail(deps, row.email)) return row;
  const promoted = await repo.setUserType(deps.database.db, row.id, "admin");
  // Open sockets were authorised for the old role.
  await publishSessionsEnded(deps, [row.id]);
  return promoted;
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
  return signIn(deps, await promoteIfAdminEmail(deps, found));
}

export async function logout(deps: AppDeps, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await endSession(deps, sessionToken);
}

/**
 * Same answer, in the same time, whatever happens: the caller never learns whether the address has
 * an account. Both paths make and hash a token; the mail is given until FORGOT_PASSWORD_ANSWER_MS
 * and, if the mail server is slower, finishes after the answer.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const answerAt = delay(FORGOT_PASSWORD_ANSWER_MS);
  const token = randomBytes(32).toString("base64url");
  const tokenHash = sha256(token);
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (user) {
    const expiresAt = new Date(deps.clock.now().getTime() + RESET_TOKEN_TTL_MS);
    await repo.insertPasswordResetToken(deps.database.db, { userId: user.id, tokenHash, expiresAt });
    const mailed = sendLinkEmail(deps, {
      to: user.email,
      subject: "Reset your password",
      greeting: greetingFor(user.firstName),
      intro: "We received a request to reset the password of your Lacrosse Coaching account.",
      button: "Choose a new password",
      link: `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
      validity: "1 hour",
      ignore: "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
    });
    await Promise.race([mailed, answerAt]);
  }
  await answerAt;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function verifyResetToken(deps: AppDeps, token: string): Promise<void> {
  const found = await repo.findUsablePasswordResetToken(deps.database.db, sha256(token), deps.clock.now());
  if (!found) throw badRequest(PasswordMessages.INVALID_RESET_LINK, "token");
}

/**
 * Sets the new password, uses up the token and signs the user out everywhere. The link went to the
 * account's address, so following it proves the address: it becomes verified, and a Google
 * identity linked while it was unverified (someone else's, perhaps) is unlinked.
 */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.clock.now();
  // A dead link is said first: the password rules matter only to someone who can use it.
  if (!(await repo.findUsablePasswordResetToken(deps.database.db, sha256(input.token), now))) {
    throw badRequest(PasswordMessages.INVALID_RESET_LINK, "token");
  }
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.database.db.transaction(async (tx) => {
    const consumed = await repo.consumePasswordResetToken(tx, sha256(input.token), now);
    if (!consumed) throw badRequest(PasswordMessages.INVALID_RESET_LINK, "token");
    const user = present(await repo.lockUser(tx, consumed.userId), "the user of the token just consumed");
    await repo.updateAccount(tx, user.id, {
      passwordHash,
      emailVerified: true,
      ...(user.emailVerified ? {} : { googleSubject: null }),
    });
    // Every other reset link of the account dies with this one.
    await repo.useUpResetTokensOfUser(tx, user.id, now);
    await endAllSessionsOfUser(tx, consumed.userId);
    return user;
  });
  await publishSessionsEnded(deps, [user.id]);
  // The owner can always get back in: the failed sign-ins that locked the account are forgotten.
  await clearFailedLogins(deps, user.email);
  // Whoever had the old calendar link (perhaps why the password was reset) loses it.
  await replaceFeedTokenOf(deps, user.id);
}

async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(PasswordMessages.COMMON, "password");
}

/** Lifts every failed-login limit on the account: per account, and per address and account. */
async function clearFailedLogins(deps: AppDeps, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  await rateLimits.deleteHitsOfAccount(deps.database.db, {
    exact: [FAILED_LOGIN_ACCOUNT_PREFIX + key],
    pairPrefix: FAILED_LOGIN_PAIR_PREFIX,
    pairSuffix: failedLoginPairKey("", key),
  });
}

/**
 * The current password asked for by an e-mail change is limited like sign-in (issue 28), on the
 * same counters: 10 wrong ones per account (whatever the address) or per address and account in
 * 15 minutes, then 429 until the window ends. A right one does not count.
 */
async function checkCurrentPassword(deps: AppDeps, user: UserRow, password: string, clientAddress: string): Promise<boolean> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const email = user.email.trim().toLowerCase();
  const accountKey = FAILED_LOGIN_ACCOUNT_PREFIX + email;
  const pairKey = FAILED_LOGIN_PAIR_PREFIX + failedLoginPairKey(clientAddress, email);
  const [perAccount, perPair] = await Promise.all([rateLimits.findHit(db, accountKey, now), rateLimits.findHit(db, pairKey, now)]);
  if ((perAccount?.count ?? 0) >= FAILED_LOGINS_PER_ACCOUNT) throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.ACCOUNT_LOCKED);
  if ((perPair?.count ?? 0) >= FAILED_LOGINS_PER_PAIR) throw new AppError(429, ErrorCode.RATE_LIMITED, TOO_MANY_ATTEMPTS);
  if (await verifyPassword(present(user.passwordHash, "the password of a signed-in account"), password)) return true;
  await rateLimits.incrementHit(db, accountKey, now, AUTH_WINDOW_MS);
  await rateLimits.incrementHit(db, pairKey, now, AUTH_WINDOW_MS);
  return false;
}

/**
 * Mails a verification link for `email` (the account's address, or the one it is changing to).
 * The text is fixed: nothing in it comes from the requester (no name, no free text), since the
 * address may be anyone's.
 */
export async function sendVerificationEmail(deps: AppDeps, user: Pick<UserRow, "id">, email: string): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(deps.clock.now().getTime() + VERIFY_TOKEN_TTL_MS);
  await repo.insertEmailVerificationToken(deps.database.db, { userId: user.id, email, tokenHash: sha256(token), expiresAt });
  await sendLinkEmail(deps, {
    to: email,
    subject: "Verify your e-mail address",
    greeting: "Hello,",
    intro: "Please confirm that this address belongs to your Lacrosse Coaching account.",
    button: "Verify my e-mail",
    link: `${deps.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`,
    validity: "48 hours",
    ignore: "If you did not create an account or change your e-mail, you can ignore this message.",
  });
}

/**
 * Verification mails a user asks for (a resend, an e-mail change) are limited per account and per
 * address mailed, so that nobody can flood an inbox through us: 429 past the limit.
 */
async function takeVerificationMailAllowance(deps: AppDeps, userId: number, address: string): Promise<void> {
  const now = deps.clock.now();
  const db = deps.database.db;
  const counts = await Promise.all(
    [`verify-mail:${userId}`, `verify-mail-to:${address.trim().toLowerCase()}`].map((key) =>
      rateLimits.incrementHit(db, key, now, HOUR_MS),
    ),
  );
  if (counts.some((hit) => hit.count > MAX_VERIFICATION_EMAILS_PER_HOUR)) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, LimitMessages.TOO_MANY_VERIFICATION_EMAILS);
  }
}

/**
 * POST /api/auth/verify-email: the link proves the address it was sent to. For the account's own
 * address it marks it verified; for a pending new address it becomes the account's address now.
 * A link for an address the account no longer uses or waits for is refused.
 */
export async function verifyEmail(deps: AppDeps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  const { row, previousEmail } = await deps.database.db.transaction(async (tx) => {
    const consumed = await repo.consumeEmailVerificationToken(tx, sha256(token), now);
    if (!consumed) throw badRequest(INVALID_VERIFY_LINK, "token");
    const user = present(await repo.lockUser(tx, consumed.userId), "the user of the token just consumed");
    const proved = consumed.email.toLowerCase();
    if (proved === user.email.toLowerCase()) {
      return { row: await repo.updateAccount(tx, user.id, { emailVerified: true }), previousEmail: null };
    }
    if (proved !== user.pendingEmail?.toLowerCase()) throw badRequest(INVALID_VERIFY_LINK, "token");
    try {
      const row = await repo.updateAccount(tx, user.id, { email: proved, pendingEmail: null, emailVerified: true });
      return { row, previousEmail: user.email };
    } catch (err) {
      // Someone registered the address meanwhile: theirs now, and this link cannot take it.
      if (err instanceof repo.DuplicateUserError) throw conflict(EMAIL_TAKEN, "email");
      throw err;
    }
  });
  if (previousEmail) await sendEmailChangedNotice(deps, previousEmail, row.firstName, row.email);
  await promoteIfAdminEmail(deps, row);
  return { email: row.email };
}

/** POST /api/auth/resend-verification: a new link for the pending address, else for the unverified account address. */
export async function resendVerification(deps: AppDeps, user: UserRow): Promise<void> {
  const target = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!target) throw badRequest(EmailVerificationMessages.ALREADY_VERIFIED);
  await takeVerificationMailAllowance(deps, user.id, target);
  await sendVerificationEmail(deps, user, target);
}

/**
 * An e-mail change (DESIGN.md 10): the current password proves it is the owner asking, and the new
 * address takes effect only once its link is followed (until then it waits in pendingEmail and
 * the old address stays in use, also for sign-in).
 */
export async function requestEmailChange(
  deps: AppDeps,
  user: UserRow,
  newEmail: string,
  currentPassword: string | undefined,
  clientAddress: string,
): Promise<UserRow> {
  const email = newEmail.trim().toLowerCase();
  // Back to the current address: a change still waiting for its link is called off.
  if (email === user.email.toLowerCase()) {
    return user.pendingEmail ? repo.updateAccount(deps.database.db, user.id, { pendingEmail: null }) : user;
  }
  if (!user.passwordHash) throw badRequest(EmailVerificationMessages.GOOGLE_ONLY, "email");
  if (!currentPassword) throw badRequest(EmailVerificationMessages.CURRENT_PASSWORD_REQUIRED, "currentPassword");
  if (!(await checkCurrentPassword(deps, user, currentPassword, clientAddress))) {
    throw badRequest(EmailVerificationMessages.CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  await takeVerificationMailAllowance(deps, user.id, email);
  // The answer is the same whether the address has an account or not (no account enumeration):
  // the change waits for its link either way, and the owner of a taken address is told instead.
  const owner = await repo.findUserByEmail(deps.database.db, email);
  const row = await repo.updateAccount(deps.database.db, user.id, { pendingEmail: email });
  if (owner && owner.id !== user.id) await sendAddressInUseNotice(deps, owner.email);
  else await sendVerificationEmail(deps, row, email);
  return row;
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

export type AdminChange = { ok: true; user: UserRow } | { ok: false; reason: "no_account" | "unverified" | "not_admin" };

/**
 * `npm run admin -- <email>`: gives an account the admin role, only once its owner has verified
 * the address (anyone can register someone else's address; DESIGN.md 10).
 */
export async function makeAdmin(deps: Pick<AppDeps, "database" | "logger">, email: string): Promise<AdminChange> {
  const row = await repo.findUserByEmail(deps.database.db, email.trim());
  if (!row) return { ok: false, reason: "no_account" };
  if (!row.emailVerified) return { ok: false, reason: "unverified" };
  if (row.userType === "admin") return { ok: true, user: row };
  const promoted = await repo.setUserType(deps.database.db, row.id, "admin");
  await publishSessionsEnded(deps, [row.id]);
  return { ok: true, user: promoted };
}

/** `npm run admin -- --list`: every admin, by e-mail. */
export async function listAdmins(deps: Pick<AppDeps, "database">): Promise<UserRow[]> {
  return repo.listAdmins(deps.database.db);
}

/**
 * `npm run admin -- --revoke <email>`: the admin becomes a coach again if they have a coach
 * profile, else a player, and every session of theirs ends (their sockets close on every process).
 */
export async function revokeAdmin(deps: Pick<AppDeps, "database" | "logger">, email: string): Promise<AdminChange> {
  const row = await repo.findUserByEmail(deps.database.db, email.trim());
  if (!row) return { ok: false, reason: "no_account" };
  if (row.userType !== "admin") return { ok: false, reason: "not_admin" };
  const coachId = await repo.findCoachIdForUser(deps.database.db, row.id);
  const demoted = await deps.database.db.transaction(async (tx) => {
    const updated = await repo.setUserType(tx, row.id, coachId === null ? "player" : "coach");
    await endAllSessionsOfUser(tx, row.id);
    return updated;
  });
  await publishSessionsEnded(deps, [row.id]);
  return { ok: true, user: demoted };
}
