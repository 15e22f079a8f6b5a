import { createHash, randomBytes } from "node:crypto";
import { redirectUrlFor, type AuthResponse, type CurrentUser, type Intent, type UserType } from "../../../contract/accounts";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "../../../contract/errors";
import { AppError, badRequest, conflict } from "../../http/errors";
import * as repo from "./accounts.repository";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { UserRow } from "./sessions.repository";
import { endAllSessionsOfUser, endSession, startSession } from "./sessions.service";

export const EMAIL_TAKEN = "An account with this email already exists";
export const INVALID_CREDENTIALS = "Invalid email or password";
export const INVALID_RESET_LINK = "This password reset link is invalid or has expired";
export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, you'll receive a password reset link within a few minutes.";
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The public shape of a user (never the password hash or the Google subject). */
export function toCurrentUser(row: UserRow, coachId: number | null): CurrentUser {
  return {
    id: row.id,
    email: row.email,
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
    coachId,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function currentUserOf(deps: AppDeps, row: UserRow): Promise<CurrentUser> {
  return toCurrentUser(row, await repo.findCoachIdForUser(deps.database.db, row.id));
}

export type SignedIn = AuthResponse & { sessionToken: string };

async function signIn(deps: AppDeps, row: UserRow): Promise<SignedIn> {
  const user = await currentUserOf(deps, row);
  const { token } = await startSession(deps.database.db, row.id, deps.clock.now());
  return { user, redirectUrl: redirectUrlFor(user), sessionToken: token };
}

const isAdminEmail = (deps: AppDeps, email: string) => deps.config.adminEmails.includes(email.toLowerCase());

/** ADMIN_EMAILS is re-read at every sign-in, so adding an address promotes that user next time they sign in. */
async function promoteIfAdminEmail(deps: AppDeps, row: UserRow): Promise<UserRow> {
  if (row.userType === "admin" || !isAdminEmail(deps, row.email)) return row;
  return repo.setUserType(deps.database.db, row.id, "admin");
}

function userTypeFor(deps: AppDeps, email: string, requested: Intent | undefined): UserType {
  if (isAdminEmail(deps, email)) return "admin";
  return requested === "coach" ? "coach" : "player";
}

export async function register(
  deps: AppDeps,
  input: { email: string; password: string; firstName: string; lastName: string; userType?: Intent; intent?: Intent },
): Promise<SignedIn> {
  const db = deps.database.db;
  if (await repo.findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, "email");
  const passwordHash = await hashPassword(input.password);
  let row: UserRow;
  try {
    row = await repo.insertUser(db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      userType: userTypeFor(deps, input.email, input.userType === "coach" || input.intent === "coach" ? "coach" : "player"),
    });
  } catch (err) {
    // Two registrations of one address at once: the unique index decides.
    if (err instanceof repo.DuplicateUserError) throw conflict(EMAIL_TAKEN, "email");
    throw err;
  }
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
  if (sessionToken) await endSession(deps.database.db, sessionToken);
}

/** Same answer whatever happens; the caller never learns whether the address has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(deps.clock.now().getTime() + RESET_TOKEN_TTL_MS);
  await repo.insertPasswordResetToken(deps.database.db, { userId: user.id, tokenHash: sha256(token), expiresAt });
  const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const name = user.firstName ? `Hi ${user.firstName},` : "Hi,";
  try {
    await deps.mailer.send({
      to: user.email,
      subject: "Reset your password",
      text: [
        name,
        "",
        "We received a request to reset the password of your Lacrosse Coaching account.",
        "Open this link within 1 hour to choose a new password:",
        "",
        link,
        "",
        "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
      ].join("\n"),
      html: resetEmailHtml(name, link),
    });
  } catch (err) {
    deps.logger.error({ err }, "password reset e-mail failed");
  }
}

function resetEmailHtml(greeting: string, link: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const href = escape(link);
  return `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #0f172a;">
<p>${escape(greeting)}</p>
<p>We received a request to reset the password of your Lacrosse Coaching account.</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;">Choose a new password</a></p>
<p>Or copy this link into your browser (valid for 1 hour):<br><a href="${href}">${href}</a></p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>
</body></html>`;
}

export async function verifyResetToken(deps: AppDeps, token: string): Promise<void> {
  const found = await repo.findUsablePasswordResetToken(deps.database.db, sha256(token), deps.clock.now());
  if (!found) throw badRequest(INVALID_RESET_LINK, "token");
}

/** Sets the new password, uses up the token and signs the user out everywhere. */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const consumed = await repo.consumePasswordResetToken(tx, sha256(input.token), now);
    if (!consumed) throw badRequest(INVALID_RESET_LINK, "token");
    await repo.setPasswordHash(tx, consumed.userId, passwordHash);
    await endAllSessionsOfUser(tx, consumed.userId);
  });
}

/** Google sign-in: the account of this Google subject, else the account of this verified e-mail (linked now), else a new one. */
export async function signInWithGoogle(
  deps: AppDeps,
  profile: { subject: string; email: string; emailVerified: boolean; firstName: string | null; lastName: string | null; intent: Intent },
): Promise<SignedIn> {
  const db = deps.database.db;
  let row = await repo.findUserByGoogleSubject(db, profile.subject);
  if (!row) {
    const byEmail = await repo.findUserByEmail(db, profile.email);
    if (byEmail) {
      // Linking an unverified address would let anyone who claims it take over the account.
      if (!profile.emailVerified) throw new Error("Google e-mail is not verified");
      // One account, one Google identity: another subject never takes over an already linked account.
      if (byEmail.googleSubject && byEmail.googleSubject !== profile.subject)
        throw new Error("Account is linked to another Google identity");
      row = await repo.setGoogleSubject(db, byEmail.id, profile.subject);
    } else {
      row = await repo.insertUser(db, {
        email: profile.email.toLowerCase(),
        passwordHash: null,
        googleSubject: profile.subject,
        firstName: profile.firstName,
        lastName: profile.lastName,
        userType: userTypeFor(deps, profile.email, profile.intent),
      });
    }
  }
  return signIn(deps, await promoteIfAdminEmail(deps, row));
}

/** `npm run admin -- <email>`: undefined when no account has that e-mail. */
export async function makeAdmin(deps: Pick<AppDeps, "database">, email: string): Promise<UserRow | undefined> {
  const row = await repo.findUserByEmail(deps.database.db, email.trim());
  if (!row) return undefined;
  return row.userType === "admin" ? row : repo.setUserType(deps.database.db, row.id, "admin");
}
