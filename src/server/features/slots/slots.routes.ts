import { Router } from "express";
import {
  CreateSlotSeriesRequestSchema,
  CreateSlotsRequestSchema,
  DeleteSlotQuerySchema,
  ListSlotsQuerySchema,
  UpdateSlotRequestSchema,
} from "@contract/slots";
import { SlotMessages } from "@contract/slot-basics";
import type { AppDeps } from "../../deps";
import { providerCallRateLimit } from "../../http/rate-limit";
import { sendPage } from "../../http/list-page";
import { requireRole } from "../../http/require-session";
import { parseIdParam, parseBody, parseQuery } from "../../http/validate-request";
import { getSlot, listSlots } from "./slots.service";
import { createSlots, editSlot, removeSlot } from "./slot-editing.service";
import { createSlotSeries, removeSlotAndFollowing } from "./slot-series.service";

export function slotsRouter(deps: AppDeps): Router {
  const router = Router();
  // Each of these may call the payment provider (refunds, transfers, intents): throttled per user (issue 28).
  const providerCalls = providerCallRateLimit({ db: deps.database.db, clock: deps.clock });

  // Before /:coachId, which would otherwise take "single" for a coach id.
  router.get("/time-slots/single/:id", async (req, res) => {
    res.json(await getSlot(deps, req.user, parseIdParam(req)));
  });

  // Public: a coach's availability is what players browse before signing in; the coach's own calendar is theirs (DESIGN.md 12).
  router.get("/time-slots/:coachId", async (req, res) => {
    const coachId = parseIdParam(req, "coachId");
    const query = parseQuery(req, ListSlotsQuerySchema);
    const page = await listSlots(deps, req.user, coachId, {
      fromDate: query.fromDate,
      includeBookingCounts: query.includeBookingCounts === "true",
      cursor: query.cursor,
    });
    sendPage(res, page);
  });

  // One object (dashboard, onboarding) or an array (slot manager); the array is all or nothing.
  router.post("/time-slots", async (req, res) => {
    const user = requireRole(req, "coach", SlotMessages.COACHES_ONLY);
    if (Array.isArray(req.body)) {
      const inputs = parseBody(req, CreateSlotsRequestSchema);
      res.status(201).json(await createSlots(deps, user, inputs, (i) => `${i}.`));
    } else {
      const { repeatWeeks, ...input } = parseBody(req, CreateSlotSeriesRequestSchema);
      if (repeatWeeks !== undefined) {
        // DESIGN.md 11: a weekly series answers {slots, skipped}; without repeatWeeks the answer is the one slot, as before.
        res.status(201).json(await createSlotSeries(deps, user, input, repeatWeeks));
        return;
      }
      const [slot] = await createSlots(deps, user, [input], () => "");
      res.status(201).json(slot);
    }
  });

  router.put("/time-slots/:id", async (req, res) => {
    const user = requireRole(req, "coach", SlotMessages.COACHES_ONLY);
    const patch = parseBody(req, UpdateSlotRequestSchema);
    res.json(await editSlot(deps, user, parseIdParam(req), patch));
  });

  router.delete("/time-slots/:id", providerCalls, async (req, res) => {
    const user = requireRole(req, "coach", SlotMessages.COACHES_ONLY);
    const { scope } = parseQuery(req, DeleteSlotQuerySchema);
    if (scope === "following") {
      const removed = await removeSlotAndFollowing(deps, user, parseIdParam(req));
      res.json({ message: removed.length > 1 ? `${removed.length} time slots deleted` : SlotMessages.DELETED, removedSlotIds: removed });
      return;
    }
    await removeSlot(deps, user, parseIdParam(req));
    res.json({ message: SlotMessages.DELETED });
  });

  return router;
}
