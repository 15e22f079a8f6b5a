import { z } from "zod";
import { isValidDate } from "./time";
import { MAX_REPEAT_WEEKS, MAX_SLOTS_PER_REQUEST, SLOT_STATUSES, SlotMessages } from "./slot-basics";
import { cursorParam } from "./paging";
import { numberOrDigits } from "./fields";

/** Optional text: undefined means "not sent" (kept on edit), empty means cleared (null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const coordinate = (label: string, limit: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(-limit, { message: `${label} is out of range` })
    .max(limit, { message: `${label} is out of range` })
    .nullish();

/** Digits only, as the capacity field sends them; a number is accepted too. */
const capacityField = numberOrDigits(3, "Capacity must be a whole number")
  .pipe(z.number().int({ message: "Capacity must be a whole number" }))
  .nullish();

const requiredText = z.string({ message: SlotMessages.REQUIRED }).trim();

const slotFields = {
  coachId: numberOrDigits(9, "coachId must be a coach id")
    .pipe(z.number().int().positive({ message: "coachId must be a coach id" }))
    .optional(),
  date: requiredText,
  startTime: requiredText,
  endTime: requiredText,
  isGroup: z.boolean({ message: "isGroup must be true or false" }).optional(),
  capacity: capacityField,
  /** Sent by the onboarding wizard; a new slot is always available, so the value is not used. */
  isAvailable: z.boolean({ message: "isAvailable must be true or false" }).optional(),
  locationName: optionalText("Location name", 200),
  locationAddress: optionalText("Location address", 500),
  locationLat: coordinate("Latitude", 90),
  locationLng: coordinate("Longitude", 180),
  locationNotes: optionalText("Location notes", 1000),
};

/** One slot as POST /api/time-slots takes it (the body is this object or an array of them). */
export const CreateSlotRequestSchema = z.object(slotFields);
export type CreateSlotRequest = z.infer<typeof CreateSlotRequestSchema>;

/** DESIGN.md 11: with `repeatWeeks`, one request makes that many weekly slots (the first on `date`). */
export const CreateSlotSeriesRequestSchema = CreateSlotRequestSchema.extend({
  repeatWeeks: z
    .number({ message: `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks` })
    .int({ message: `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks` })
    .min(1, { message: `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks` })
    .max(MAX_REPEAT_WEEKS, { message: `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks` })
    .optional(),
});

/** POST /api/time-slots with repeatWeeks: the slots made and the dates skipped (they would overlap another slot). */
export type CreateSlotSeriesResponse = { slots: TimeSlot[]; skipped: string[] };

export const DeleteSlotQuerySchema = z.object({
  scope: z.enum(["this", "following"], { message: "scope must be this or following" }).optional(),
});

export const CreateSlotsRequestSchema = z
  .array(CreateSlotRequestSchema, { message: SlotMessages.REQUIRED })
  .min(1, { message: SlotMessages.REQUIRED })
  .max(MAX_SLOTS_PER_REQUEST, { message: `At most ${MAX_SLOTS_PER_REQUEST} time slots can be added at once` });

/** PUT /api/time-slots/{id}: any subset of the fields; what is left out stays as it is. */
export const UpdateSlotRequestSchema = z.object({
  ...slotFields,
  date: requiredText.optional(),
  startTime: requiredText.optional(),
  endTime: requiredText.optional(),
});
export type UpdateSlotRequest = z.infer<typeof UpdateSlotRequestSchema>;

export const ListSlotsQuerySchema = z.object({
  fromDate: z.string({ message: SlotMessages.INVALID_DATE }).refine(isValidDate, { message: SlotMessages.INVALID_DATE }).optional(),
  includeBookingCounts: z.enum(["true", "false"], { message: "includeBookingCounts must be true or false" }).optional(),
  /** The previous page's X-Next-Cursor (decision 012); absent for the first page. */
  cursor: cursorParam,
});

/** A time slot as the API returns it: date and times in the coach's time zone (an IANA name in `timeZone`). */
export const TimeSlotSchema = z.object({
  id: z.number(),
  coachId: z.number(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  status: z.enum(SLOT_STATUSES),
  /** In the coach's own list (includeBookingCounts=true): whether DELETE /api/time-slots/{id} will succeed now (canDeleteSlot). */
  canDelete: z.boolean().optional(),
  /** In the coach's own list: the status and payment status of each booking the slot ever had (what canDeleteSlot reads). */
  bookingStates: z.array(z.object({ status: z.string(), paymentStatus: z.string() })).optional(),
  isAvailable: z.boolean(),
  isGroup: z.boolean(),
  capacity: z.number(),
  bookingCount: z.number().optional(),
  /** In the coach's own list: seats paid for (confirmed or completed bookings). */
  paidCount: z.number().optional(),
  /** In the coach's own list: until when the latest unpaid checkout holds a seat (ISO); null when none does. */
  heldUntil: z.string().nullable().optional(),
  locationName: z.string().nullable(),
  locationAddress: z.string().nullable(),
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  locationNotes: z.string().nullable(),
  /** The weekly series the slot belongs to (DESIGN.md 11); absent for a one-off slot. */
  seriesId: z.string().optional(),
});
export type TimeSlot = z.infer<typeof TimeSlotSchema>;
