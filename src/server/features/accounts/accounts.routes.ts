import { parse as parseCookie } from "cookie";
import { Router, type Request, type Response } from "express";
import { AppError } from "../../http/errors";
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  EmailVerificationMessages,
  PasswordMessages,
  ResetPasswordRequestSchema,
  VerifyEmailRequestSchema,
  VerifyResetTokenRequestSchema,
  type Intent,
} from "@contract/accounts";
import type { AppDeps } from "../../deps";
import { LimitMessages, MAX_RESET_EMAILS_PER_HOUR } from "@contract/limits";
import { authIpRateLimit, bodyEmail, failedLoginPerAccountLimit, failedLoginRateLimit, hourlyRateLimit } from "../../http/rate-limit";
import { clearSessionCookie, readSessionToken, requireUser, secureCookies, setSessionCookie } from "../../http/require-session";
import { parseBody } from "../../http/validate-request";
import * as accounts from "./accounts.service";
import * as emailVerification from "./email-verification.service";
import * as passwordReset from "./password-reset.service";
import { beginGoogleSignIn, completeGoogleSignIn, GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_TTL_MS } from "./google.service";

const intentFrom = (value: unknown): Intent | undefined => (value === "coach" || value === "player" ? value : undefined);

export function accountsRouter(deps: AppDeps): Router {
  const router = Router();
  const db = deps.database.db;
  const perIp = authIpRateLimit({ db, clock: deps.clock, limit: deps.config.authIpLimit });
  const failedLogins = failedLoginRateLimit({ db, clock: deps.clock });
  const failedLoginsPerAccount = failedLoginPerAccountLimit({ db, clock: deps.clock });
  // Per e-mail address, whether or not it has an account (so the limit tells nothing): nobody can mail-bomb an inbox through us.
  const resetMailsPerAddress = hourlyRateLimit(deps, {
    prefix: "reset-mail:",
    limit: MAX_RESET_EMAILS_PER_HOUR,
    key: bodyEmail,
    message: LimitMessages.TOO_MANY_RESET_EMAILS,
  });
  /** Answers a sign-in: the old token of this browser (if any) ends, the new one goes into the cookie. */
  async function answerSignedIn(req: Request, res: Response, result: accounts.SignedIn, status = 200) {
    const previous = readSessionToken(req.headers.cookie);
    if (previous) await accounts.logout(deps, previous);
    setSessionCookie(deps.config, res, result.sessionToken);
    res.status(status).json({ user: result.user, redirectUrl: result.redirectUrl });
  }

  router.post("/auth/register", perIp, async (req, res) => {
    const input = parseBody(req, RegisterRequestSchema);
    await answerSignedIn(req, res, await accounts.register(deps, input), 201);
  });

  router.post("/auth/login", perIp, failedLoginsPerAccount, failedLogins, async (req, res) => {
    const input = parseBody(req, LoginRequestSchema);
    await answerSignedIn(req, res, await accounts.login(deps, input));
  });

  router.post("/auth/logout", async (req, res) => {
    await accounts.logout(deps, readSessionToken(req.headers.cookie));
    clearSessionCookie(deps.config, res);
    res.json({ success: true });
  });

  router.get("/auth/user", async (req, res) => {
    res.json(await accounts.currentUserOf(deps, requireUser(req)));
  });

  router.post("/auth/forgot-password", perIp, resetMailsPerAddress, async (req, res) => {
    const { email } = parseBody(req, ForgotPasswordRequestSchema);
    await passwordReset.requestPasswordReset(deps, email);
    res.json({ message: passwordReset.FORGOT_PASSWORD_ANSWER });
  });

  router.post("/auth/verify-reset-token", async (req, res) => {
    const { token } = parseBody(req, VerifyResetTokenRequestSchema);
    await passwordReset.verifyResetToken(deps, token);
    res.json({ valid: true });
  });

  router.post("/auth/reset-password", perIp, async (req, res) => {
    const input = parseBody(req, ResetPasswordRequestSchema);
    await passwordReset.resetPassword(deps, input);
    clearSessionCookie(deps.config, res);
    res.json({ success: true, message: PasswordMessages.RESET_DONE });
  });

  router.post("/auth/verify-email", perIp, async (req, res) => {
    const { token } = parseBody(req, VerifyEmailRequestSchema);
    const { email } = await emailVerification.verifyEmail(deps, token);
    res.json({ success: true, message: EmailVerificationMessages.VERIFIED, email });
  });

  router.post(
    "/auth/resend-verification",
    // Limited per account and per address mailed, in the service (e-mail changes share the counts).
    async (req, res) => {
      await emailVerification.resendVerification(deps, requireUser(req));
      res.json({ success: true, message: EmailVerificationMessages.SENT });
    },
  );

  // Browser navigations (player-side 7): answered with redirects, never JSON.
  router.get("/login", (req, res) => {
    const intent = intentFrom(req.query.intent);
    res.redirect(302, intent ? `/login?intent=${intent}` : "/login");
  });

  router.get("/auth/google", async (req, res) => {
    const google = deps.config.google;
    if (!google) return res.redirect(302, "/login?error=google_unavailable");
    try {
      const { url, cookie } = await beginGoogleSignIn(deps, google, intentFrom(req.query.intent) ?? "player");
      res.cookie(GOOGLE_FLOW_COOKIE, cookie, {
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies(deps.config),
        path: "/api/auth/google",
        maxAge: GOOGLE_FLOW_TTL_MS,
      });
      res.redirect(302, url);
    } catch (err) {
      deps.logger.warn({ err }, "google sign-in could not start");
      res.redirect(302, "/login?error=google_failed");
    }
  });

  router.get("/auth/google/callback", async (req, res) => {
    const google = deps.config.google;
    if (!google) return res.redirect(302, "/login?error=google_unavailable");
    res.clearCookie(GOOGLE_FLOW_COOKIE, { httpOnly: true, sameSite: "lax", secure: secureCookies(deps.config), path: "/api/auth/google" });
    try {
      const cookie = req.headers.cookie ? parseCookie(req.headers.cookie)[GOOGLE_FLOW_COOKIE] : undefined;
      const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      const result = await completeGoogleSignIn(deps, google, cookie, search);
      const previous = readSessionToken(req.headers.cookie);
      if (previous) await accounts.logout(deps, previous);
      setSessionCookie(deps.config, res, result.sessionToken);
      res.redirect(302, result.redirectUrl);
    } catch (err) {
      deps.logger.warn({ err }, "google sign-in failed");
      // A suspended account (DESIGN 12, Moderation) is told so, not that Google failed.
      res.redirect(302, err instanceof AppError && err.status === 403 ? "/login?error=account_suspended" : "/login?error=google_failed");
    }
  });

  return router;
}
