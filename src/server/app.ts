import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { AppDeps } from "./deps";
import { accountsRouter } from "./features/accounts/accounts.routes";
import { contentRouter } from "./features/content/content.routes";
import { systemRouter } from "./features/system/system.routes";
import { errorHandler, notFoundHandler } from "./http/errors";
import { loadSession } from "./http/require-session";

/** Middleware and feature routers, no listen(): main.ts and the tests both call it. */
export function createApp(deps: AppDeps, options: { devClient?: boolean } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // One proxy hop (a load balancer) is trusted, so req.ip and req.secure are the client's.
  app.set("trust proxy", 1);
  app.use(
    helmet({
      // Vite's dev client injects inline scripts; the built client runs under a strict policy.
      contentSecurityPolicy: options.devClient ? false : contentSecurityPolicy(deps),
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(
    pinoHttp({
      logger: deps.logger,
      autoLogging: { ignore: (req) => !req.url?.startsWith("/api") },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    }),
  );

  const api = express.Router();
  // Stripe webhooks need the raw body for signature checks; they mount before the JSON parser.
  api.use(express.json({ limit: "1mb" }));
  api.use(express.urlencoded({ extended: false, limit: "1mb" }));
  api.use(loadSession(deps));
  api.use(systemRouter(deps));
  api.use(accountsRouter(deps));
  api.use(contentRouter(deps));
  api.use(notFoundHandler);
  app.use("/api", api);
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
