import { PasswordMessages } from "@contract/accounts";
import type { AppDeps } from "../../deps";
import { badRequest } from "../../http/errors";
import { FAILED_LOGIN_ACCOUNT_PREFIX, FAILED_LOGIN_PAIR_PREFIX, failedLoginPairKey } from "../../http/rate-limit";
import { replaceFeedNonce } from "../../db/calendar-feeds";
import { refuseCommonPassword } from "./common-passwords";
import * as repo from "./accounts.repository";
import * as rateLimits from "../../db/rate-limit-hits";
import { hashPassword } from "./passwords";
import { publishSessionsEnded } from "../../realtime/session-events";
import { greetingFor, sendLinkEmail } from "./account-emails";
import { endAllSessionsOfUser } from "./sessions.service";
import { hashLinkToken, newLinkToken } from "./link-tokens";
import { present } from "../../present";

// Forgot password: the reset link, and the new password it sets.

export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, you'll receive a password reset link within a few minutes.";
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * A forgot-password answer never comes sooner than this, whether the address has an account or
 * not: the reset mail is sent within it (and goes on after it when the mail server is slow), so
 * the answer's timing tells nothing either.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;
/**
 * Same answer, in the same time, whatever happens: the caller never learns whether the address has
 * an account. Both paths make and hash a token; the mail is given until FORGOT_PASSWORD_ANSWER_MS
 * and, if the mail server is slower, finishes after the answer.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const answerAt = delay(FORGOT_PASSWORD_ANSWER_MS);
  const token = newLinkToken();
  const tokenHash = hashLinkToken(token);
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
  const found = await repo.findUsablePasswordResetToken(deps.database.db, hashLinkToken(token), deps.clock.now());
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
  if (!(await repo.findUsablePasswordResetToken(deps.database.db, hashLinkToken(input.token), now))) {
    throw badRequest(PasswordMessages.INVALID_RESET_LINK, "token");
  }
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.database.db.transaction(async (tx) => {
    const consumed = await repo.consumePasswordResetToken(tx, hashLinkToken(input.token), now);
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
  await replaceFeedNonce(deps.database.db, user.id, deps.clock.now());
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
