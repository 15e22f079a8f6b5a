import { Router, type Request } from "express";
import {
  ConfirmParentContactRequestSchema,
  CreateAthleteRequestSchema,
  FamilyMessages,
  HandOverOwnershipRequestSchema,
  InviteGuardianRequestSchema,
  UpdateAthleteRequestSchema,
} from "@contract/families";
import type { AppDeps } from "../../deps";
import { requireRole } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { createAthlete, getAthlete, listAthletes, updateAthlete } from "./families.service";
import { eraseAthlete, exportAthlete } from "./children.service";
import {
  acceptInvitation,
  handOverOwnership,
  inviteGuardian,
  listGuardians,
  listInvitations,
  previewInvitation,
  removeGuardian,
  revokeInvitation,
} from "./guardians.service";
import { confirmParentContact } from "./parent-contact.service";

/** A family belongs to a player account (DESIGN.md 11). */
const requirePlayer = (req: Request) => requireRole(req, "player", FamilyMessages.ONLY_PLAYERS);

const tokenParam = (req: Request) => String(req.params.token ?? "");

/** Families: athletes and guardians (DESIGN.md 11). Lists are short (at most 10 athletes), one page each. */
export function familiesRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/athletes", async (req, res) => {
    res.json(await listAthletes(deps, requirePlayer(req)));
  });

  router.post("/athletes", async (req, res) => {
    const user = requirePlayer(req);
    res.status(201).json(await createAthlete(deps, { user, ipAddress: req.ip ?? null }, parseBody(req, CreateAthleteRequestSchema)));
  });

  router.get("/athletes/:id", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await getAthlete(deps, user, parseIdParam(req)));
  });

  router.put("/athletes/:id", async (req, res) => {
    const user = requirePlayer(req);
    const id = parseIdParam(req);
    res.json(await updateAthlete(deps, { user, ipAddress: req.ip ?? null }, id, parseBody(req, UpdateAthleteRequestSchema)));
  });

  // DESIGN.md 12: erasure of the athlete's personal data (money records stay, anonymised); another family's athlete is 404.
  router.delete("/athletes/:id", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await eraseAthlete(deps, user, parseIdParam(req)));
  });

  // DESIGN.md 12: everything held about the athlete, as JSON, for a guardian of the family.
  router.get("/athletes/:id/export", async (req, res) => {
    const user = requirePlayer(req);
    const id = parseIdParam(req);
    res.setHeader("Content-Disposition", `attachment; filename="athlete-${id}.json"`);
    res.json(await exportAthlete(deps, user, id));
  });

  router.get("/family/guardians", async (req, res) => {
    res.json(await listGuardians(deps, requirePlayer(req)));
  });

  router.post("/family/guardians", async (req, res) => {
    const user = requirePlayer(req);
    const { email } = parseBody(req, InviteGuardianRequestSchema);
    res.status(201).json(await inviteGuardian(deps, user, email));
  });

  router.delete("/family/guardians/:userId", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await removeGuardian(deps, user, parseIdParam(req, "userId")));
  });

  router.post("/family/owner", async (req, res) => {
    const user = requirePlayer(req);
    const { userId } = parseBody(req, HandOverOwnershipRequestSchema);
    res.json(await handOverOwnership(deps, user, userId));
  });

  // The parent contact confirms itself from the mailed link, signed in or not (it may have no account).
  router.post("/family/parent-contact/confirm", async (req, res) => {
    const { token } = parseBody(req, ConfirmParentContactRequestSchema);
    res.json(await confirmParentContact(deps, token));
  });

  router.get("/family/invitations", async (req, res) => {
    res.json(await listInvitations(deps, requirePlayer(req)));
  });

  router.delete("/family/invitations/:id", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await revokeInvitation(deps, user, parseIdParam(req)));
  });

  router.get("/family/invitations/:token", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await previewInvitation(deps, user, tokenParam(req)));
  });

  router.post("/family/invitations/:token/accept", async (req, res) => {
    const user = requirePlayer(req);
    res.json(await acceptInvitation(deps, user, tokenParam(req)));
  });

  return router;
}
