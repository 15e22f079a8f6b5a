import { Router } from "express";
import { UpdateContactRequestSchema, UpdatePlayerProfileRequestSchema, UpdatePreferencesRequestSchema } from "@contract/users";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/rate-limit";
import { requireUser } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { receiveImageUpload, requireFile } from "../uploads/uploads.routes";
import { preferencesOf, replaceProfileImage, updateContact, updatePlayerProfile, updatePreferences } from "./users.service";

export function usersRouter(deps: AppDeps): Router {
  const router = Router();

  // POST /api/upload/profile-image (field "image"): becomes the user's (and their coach profile's) photo.
  router.post("/upload/profile-image", ...receiveImageUpload(deps, "image"), async (req, res) => {
    res.status(201).json({ url: await replaceProfileImage(deps, requireUser(req), requireFile(req.file)) });
  });

  router.put("/users/:id", async (req, res) => {
    const user = requireUser(req);
    const targetId = parseIdParam(req);
    const input = parseBody(req, UpdateContactRequestSchema);
    res.json(await updateContact(deps, user, targetId, input, clientIp(req)));
  });

  router.patch("/users/profile", async (req, res) => {
    const user = requireUser(req);
    res.json(await updatePlayerProfile(deps, user, parseBody(req, UpdatePlayerProfileRequestSchema)));
  });

  router.get("/user/preferences", (req, res) => {
    res.json(preferencesOf(requireUser(req)));
  });

  router.put("/user/preferences", async (req, res) => {
    const user = requireUser(req);
    res.json(await updatePreferences(deps, user, parseBody(req, UpdatePreferencesRequestSchema)));
  });

  return router;
}
