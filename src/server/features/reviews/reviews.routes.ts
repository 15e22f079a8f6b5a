import { Router } from "express";
import { ReplyToReviewRequestSchema, SubmitReviewRequestSchema } from "@contract/reviews";
import type { AppDeps } from "../../deps";
import { requireRole, requireUser } from "../../http/require-session";
import { parseBody, parseIdParam } from "../../http/validate-request";
import { listCoachReviews, listOwnReviews, replyToReview, submitReview } from "./reviews.service";

/** Students' reviews of completed sessions and coaches' replies (DESIGN.md 10). */
export function reviewsRouter(deps: AppDeps): Router {
  const router = Router();

  router.post("/bookings/:id/review", async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    const input = parseBody(req, SubmitReviewRequestSchema);
    res.status(201).json(await submitReview(deps, user, id, input));
  });

  router.post("/reviews/:id/reply", async (req, res) => {
    const user = requireRole(req, "coach");
    const id = parseIdParam(req);
    const { reply } = parseBody(req, ReplyToReviewRequestSchema);
    res.json(await replyToReview(deps, user, id, reply));
  });

  router.get("/reviews/mine", async (req, res) => {
    res.json(await listOwnReviews(deps, requireUser(req)));
  });

  // Public, like the coach profile it belongs to: authors appear as first name and initial only.
  router.get("/coaches/:id/reviews", async (req, res) => {
    res.json(await listCoachReviews(deps, parseIdParam(req)));
  });

  return router;
}
