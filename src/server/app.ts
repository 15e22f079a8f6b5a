import compression from "compression";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { AppDeps } from "./deps";
import { uploadsDir } from "./adapters/storage";
import { accountsRouter } from "./features/accounts/accounts.routes";
import { auditAdminRouter } from "./features/audit/audit.routes";
import { bookingRequestRouter, bookingsAdminRouter, bookingsRouter } from "./features/bookings/bookings.routes";
import { calendarRouter } from "./features/calendar/calendar.routes";
import { coachesRouter } from "./features/coaches/coaches.routes";
import { credentialsAdminRouter, credentialsRouter, screeningWebhookRouter } from "./features/credentials/credentials.routes";
import { contentAdminRouter, contentRouter } from "./features/content/content.routes";
import { familiesRouter } from "./features/families/families.routes";
import { geoRouter } from "./features/geo/geo.routes";
import { messageReportsAdminRouter, messagesRouter } from "./features/messages/messages.routes";
import { notificationsRouter } from "./features/notifications/notifications.routes";
import { scheduleRouter } from "./features/schedule/schedule.routes";
import { moderationAdminRouter } from "./features/moderation/moderation.routes";
import { packagesRouter } from "./features/packages/packages.routes";
import { moneyIssuesRouter } from "./features/money-issues/money-issues.routes";
import { paymentsRouter, paymentWebhookRouter } from "./features/payments/payments.routes";
import { payoutsRouter } from "./features/payouts/payouts.routes";
import { progressRouter } from "./features/progress/progress.routes";
import { requestsRouter } from "./features/requests/requests.routes";
import { reviewsRouter } from "./features/reviews/reviews.routes";
import { waitlistRouter } from "./features/waitlist/waitlist.routes";
import { placesRouter } from "./features/places/places.routes";
import { publicPagesRouter, shareLinkRouter } from "./features/public-pages/public-pages.routes";
import { searchRouter } from "./features/search/search.routes";
import { visitorPageLocals } from "./features/public-pages/visitor-pages";
import { slotsRouter } from "./features/slots/slots.routes";
import { systemRouter } from "./features/system/system.routes";
import { uploadsRouter } from "./features/uploads/uploads.routes";
import { usersRouter } from "./features/users/users.routes";
import { BROTLI_PARAMS } from "./http/compress";
import { errorHandler, notFoundHandler } from "./http/errors";
import { countStatementsPerRequest } from "./http/statement-count";
import { noStoreByDefault, requireJsonBody, requireSameOrigin } from "./http/request-guards";
import { PUBLIC_READ_PATHS, visitorReadLimit } from "./http/rate-limit";
import { loadSession, readSessionToken, requireRoleForAll } from "./http/require-session";
import { currentUserOfToken } from "./features/accounts/accounts.service";
import { redactUrl } from "./logger";

/** Middleware and feature routers, no listen(): main.ts and the tests both call it. */
export function createApp(deps: AppDeps, options: { devClient?: boolean } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (DESIGN.md 10); by default from
  // nobody, so a client cannot pick its own address to dodge the rate limits.
  app.set("trust proxy", deps.config.trustProxy);
  // Each request's SQL statements counted from its first middleware (PERFORMANCE.md, "Statements per request").
  if (deps.config.countSqlStatements) app.use(countStatementsPerRequest(deps.logger));
  app.use(
    helmet({
      // Vite's dev client injects inline scripts; the built client runs under a strict policy.
      contentSecurityPolicy: options.devClient ? false : contentSecurityPolicy(deps),
      crossOriginEmbedderPolicy: false,
      // The book-coach back link falls back to the referrer (player-side 2), so same-origin referrers are kept.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // Every text answer (API JSON, HTML, scripts, styles) goes out gzip or brotli when the client
  // accepts it, brotli with the settings http/compress.ts explains.
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));
  app.use(
    pinoHttp({
      logger: deps.logger,
      autoLogging: { ignore: (req) => !req.url?.startsWith("/api") },
      // One short line per request: method, path, status, time (never cookies or bodies).
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    }),
  );

  // A page knows who is signed in from its first paint: the HTML carries the user
  // (http/client-assets.ts), read only when index.html is served.
  app.use((req, res, next) => {
    res.locals.pageUser = () => currentUserOfToken(deps, readSessionToken(req.headers.cookie));
    // A visitor's public page drawn on the server and hydrated (decision 016), by the renderer the
    // client build made (http/client-assets.ts loads it), from the data the API would answer; its
    // status and head (DESIGN.md 12); and the page as sent, kept for the next visitor.
    Object.assign(res.locals, visitorPageLocals(deps, req));
    next();
  });

  const api = express.Router();
  api.use(noStoreByDefault);
  api.use(requireSameOrigin(deps.config.appUrl));
  api.use(requireJsonBody);
  // Stripe webhooks need the raw body for signature checks; they mount before the JSON parser.
  api.use(paymentWebhookRouter(deps));
  api.use(screeningWebhookRouter(deps));
  api.use(express.json({ limit: "1mb" }));
  // POST /api/bookings loads its session itself, in the same statement as the booking's pre-read
  // (one round trip for a refusal when the last seats go; PERFORMANCE.md "Booking under contention").
  api.use(bookingRequestRouter(deps));
  api.use(loadSession(deps));
  api.use(PUBLIC_READ_PATHS, visitorReadLimit(deps.config.publicReadLimit));
  // The busiest answer first: a search passes no other router's routes on its way (no router before
  // it has a /coaches path, and none has middleware of its own).
  api.use(searchRouter(deps));
  api.use(systemRouter(deps));
  api.use(accountsRouter(deps));
  api.use(contentRouter(deps));
  // Everything under /api/admin is for admins only: one guard for the whole surface (DESIGN.md 5).
  api.use("/admin", requireRoleForAll("admin"), contentAdminRouter(deps), moneyIssuesRouter(deps), messageReportsAdminRouter(deps));
  api.use("/admin", requireRoleForAll("admin"), bookingsAdminRouter(deps), auditAdminRouter(deps));
  api.use("/admin", requireRoleForAll("admin"), credentialsAdminRouter(deps));
  api.use("/admin", requireRoleForAll("admin"), moderationAdminRouter(deps));
  api.use(slotsRouter(deps));
  api.use(geoRouter(deps));
  api.use(coachesRouter(deps));
  api.use(usersRouter(deps));
  api.use(uploadsRouter(deps));
  api.use(bookingsRouter(deps));
  api.use(paymentsRouter(deps));
  api.use(payoutsRouter(deps));
  api.use(progressRouter(deps));
  api.use(requestsRouter(deps));
  api.use(calendarRouter(deps));
  api.use(reviewsRouter(deps));
  api.use(waitlistRouter(deps));
  api.use(familiesRouter(deps));
  api.use(messagesRouter(deps));
  api.use(packagesRouter(deps));
  api.use(credentialsRouter(deps));
  api.use(notificationsRouter(deps));
  api.use(scheduleRouter(deps));
  api.use(placesRouter(deps));
  api.use(shareLinkRouter(deps));
  api.use(notFoundHandler);
  app.use("/api", api);
  // robots.txt, the sitemap and the coaches' preview images, before the client's pages.
  app.use(publicPagesRouter(deps));
  // Upload names are random and never reused, so browsers may keep them forever.
  app.use(
    "/uploads",
    express.static(uploadsDir(deps.config.dataDir), { immutable: true, maxAge: "1y", index: false, dotfiles: "deny", fallthrough: false }),
  );
  app.use(errorHandler(deps.logger));
  return app;
}

function contentSecurityPolicy(deps: AppDeps) {
  const stripe = deps.config.stripe ? ["https://js.stripe.com", "https://*.stripe.com"] : [];
  return {
    useDefaults: true,
    directives: {
      "script-src": ["'self'", ...stripe],
      "frame-src": ["'self'", ...stripe],
      "connect-src": ["'self'", ...stripe],
      "img-src": ["'self'", "data:", "blob:"],
      "upgrade-insecure-requests": null,
    },
  };
}
