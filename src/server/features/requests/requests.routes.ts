import { Router } from "express";
import { ListPageQuerySchema } from "@contract/paging";
import { CreateSessionRequestSchema } from "@contract/requests";
import { DeclineSessionRequestSchema } from "@contract/request-message";
import { SessionRequestMessages } from "@contract/request-basics";
import type { AppDeps } from "../../deps";
import { requireRole, requireUser } from "../../http/require-session";
import { sendPage } from "../../http/list-page";
import { parseBody, parseIdParam, parseQuery } from "../../http/validate-request";
import { acceptRequest, cancelRequest, declineRequest, listCoachRequests, listStudentRequests, requestSession } from "./requests.service";

export function requestsRouter(deps: AppDeps): Router {
  const router = Router();

  router.post("/session-requests", async (req, res) => {
    // The role first: a coach's request is refused whatever its body (DESIGN.md 5).
    const user = requireRole(req, "player", SessionRequestMessages.ONLY_PLAYERS);
    const input = parseBody(req, CreateSessionRequestSchema);
    res.status(201).json(await requestSession(deps, user, input));
  });

  // Both page (decision 012): ?cursor= from the previous answer's X-Next-Cursor.
  router.get("/session-requests/student", async (req, res) => {
    const user = requireUser(req);
    const { cursor } = parseQuery(req, ListPageQuerySchema);
    sendPage(res, await listStudentRequests(deps, user, cursor));
  });

  router.get("/session-requests/coach/:coachId", async (req, res) => {
    const user = requireUser(req);
    const coachId = parseIdParam(req, "coachId");
    const { cursor } = parseQuery(req, ListPageQuerySchema);
    sendPage(res, await listCoachRequests(deps, user, coachId, cursor));
  });

  router.post("/session-requests/:id/accept", async (req, res) => {
    const user = requireUser(req);
    res.json(await acceptRequest(deps, user, parseIdParam(req)));
  });

  router.post("/session-requests/:id/decline", async (req, res) => {
    const user = requireUser(req);
    const requestId = parseIdParam(req);
    const { message } = parseBody(req, DeclineSessionRequestSchema);
    res.json(await declineRequest(deps, user, requestId, message));
  });

  router.delete("/session-requests/:id", async (req, res) => {
    const user = requireRole(req, "player", SessionRequestMessages.ONLY_PLAYERS);
    res.json(await cancelRequest(deps, user, parseIdParam(req)));
  });

  return router;
}
