import { Router } from "express";
import {
  CreatePushSubscriptionRequestSchema,
  DeletePushSubscriptionRequestSchema,
  UpdateNotificationPreferencesRequestSchema,
} from "@contract/notifications";
import type { PushPublicKeyResponse } from "@contract/notification-basics";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { parseBody } from "../../http/validate-request";
import { notificationPreferencesOf, subscribeToPush, unsubscribeFromPush, updateNotificationPreferences } from "./notifications.service";

/** DESIGN 12 "In the pocket": web push subscriptions and each user's notification preferences. */
export function notificationsRouter(deps: AppDeps): Router {
  const router = Router();

  // The key is public by nature: a browser needs it to subscribe.
  router.get("/push/public-key", (_req, res) => {
    const answer: PushPublicKeyResponse = { publicKey: deps.pushPublicKey };
    res.json(answer);
  });

  router.post("/push/subscriptions", async (req, res) => {
    const user = requireUser(req);
    const input = parseBody(req, CreatePushSubscriptionRequestSchema);
    res.status(201).json(await subscribeToPush(deps, user.id, input));
  });

  router.delete("/push/subscriptions", async (req, res) => {
    const user = requireUser(req);
    const { endpoint } = parseBody(req, DeletePushSubscriptionRequestSchema);
    await unsubscribeFromPush(deps, user.id, endpoint);
    res.status(204).end();
  });

  router.get("/notification-preferences", async (req, res) => {
    const user = requireUser(req);
    res.json(await notificationPreferencesOf(deps, user.id));
  });

  router.put("/notification-preferences", async (req, res) => {
    const user = requireUser(req);
    res.json(await updateNotificationPreferences(deps, user.id, parseBody(req, UpdateNotificationPreferencesRequestSchema)));
  });

  return router;
}
