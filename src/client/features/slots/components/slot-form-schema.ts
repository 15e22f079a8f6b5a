import { z } from "zod";
import { validateSlot } from "@contract/slot-basics";
import type { LocalDateTime } from "@contract/time";

/** What one slot's form holds (the single dialog and each row of the batch form). */
export const SlotFormValuesSchema = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isGroup: z.boolean(),
  capacity: z.string(),
  locationName: z.string(),
  locationAddress: z.string(),
  locationNotes: z.string(),
});
export type SlotFormValues = z.infer<typeof SlotFormValuesSchema>;

type Times = Pick<SlotFormValues, "date" | "startTime" | "endTime">;
const sameTimes = (a: Times, b: Times) => a.date === b.date && a.startTime === b.startTime && a.endTime === b.endTime;

/**
 * The contract's time slot rules (coach-side 5) over the form's values, read on the coach's clock
 * when the form is sent; the result is what is sent. As on the server, a slot that keeps its times
 * (`kept`, when editing) never fails because their time has come.
 */
export const slotFormSchema = (now: () => LocalDateTime, kept?: Times) =>
  SlotFormValuesSchema.transform((values, ctx) => {
    const result = validateSlot(values, kept && sameTimes(kept, values) ? null : now());
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message, path: [result.field] });
      return z.NEVER;
    }
    return {
      ...result.slot,
      locationName: values.locationName,
      locationAddress: values.locationAddress,
      locationNotes: values.locationNotes,
    };
  });

/** The batch form: the rows in order, held to the same rules; the first failing row is the one named. */
export const slotRowsSchema = (now: () => LocalDateTime) =>
  z.object({ rows: z.array(SlotFormValuesSchema) }).transform(({ rows }, ctx) => {
    const clock = now();
    const slots = [];
    for (const [i, row] of rows.entries()) {
      const result = slotFormSchema(() => clock).safeParse(row);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["rows", i, ...issue.path] });
        return z.NEVER;
      }
      slots.push(result.data);
    }
    return { rows: slots };
  });
