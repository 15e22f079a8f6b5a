import { EmailVerificationMessages, INVALID_VERIFY_LINK } from "@contract/accounts";
import type { AppDeps } from "../../deps";
import { ErrorCode } from "@contract/error-basics";
import { FAILED_LOGINS_PER_ACCOUNT, LimitMessages, MAX_VERIFICATION_EMAILS_PER_HOUR } from "@contract/limits";
import { AppError, badRequest, conflict } from "../../http/errors";
import {
  AUTH_WINDOW_MS,
  FAILED_LOGIN_ACCOUNT_PREFIX,
  FAILED_LOGIN_PAIR_PREFIX,
  FAILED_LOGINS_PER_PAIR,
  failedLoginPairKey,
  TOO_MANY_ATTEMPTS,
} from "../../http/rate-limit";
import * as repo from "./accounts.repository";
import * as rateLimits from "../../db/rate-limit-hits";
import { verifyPassword } from "./passwords";
import type { UserRow } from "./sessions.repository";
import { sendAddressInUseNotice, sendEmailChangedNotice, sendLinkEmail } from "./account-emails";
import { promoteIfAdminEmail } from "./admin-role.service";
import { hashLinkToken, newLinkToken } from "./link-tokens";
import { present } from "../../present";

// An account's address: proved by following the link mailed to it (at registration, on a resend,
// on a change), and one account per address.

/** One account per address: registration, a verified change and a profile change refuse a taken one with this. */
export const EMAIL_TAKEN = "An account with this email already exists";
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

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
  const token = newLinkToken();
  const expiresAt = new Date(deps.clock.now().getTime() + VERIFY_TOKEN_TTL_MS);
  await repo.insertEmailVerificationToken(deps.database.db, { userId: user.id, email, tokenHash: hashLinkToken(token), expiresAt });
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
    const consumed = await repo.consumeEmailVerificationToken(tx, hashLinkToken(token), now);
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
