import { describe, expect, it } from "vitest";
import { CreateSlotRequestSchema, UpdateSlotRequestSchema } from "./slots";
import { SlotMessages, validateSlot, type SlotDraft } from "./slot-basics";

const now = { date: "2026-06-15", time: "12:07" };
const base: SlotDraft = { date: "2026-06-16", startTime: "09:00", endTime: "10:00", isGroup: false, capacity: 1 };
const messageOf = (draft: SlotDraft, at: typeof now | null = now) => {
  const result = validateSlot(draft, at);
  return result.ok ? "ok" : result.message;
};

describe("validateSlot", () => {
  it("accepts an individual slot and sends capacity 1 whatever was typed", () => {
    expect(validateSlot({ ...base, capacity: 7 }, now)).toEqual({
      ok: true,
      slot: { date: "2026-06-16", startTime: "09:00", endTime: "10:00", isGroup: false, capacity: 1 },
    });
  });

  it("requires date, start and end", () => {
    expect(messageOf({ ...base, date: "" })).toBe(SlotMessages.REQUIRED);
    expect(messageOf({ ...base, startTime: undefined })).toBe(SlotMessages.REQUIRED);
    expect(messageOf({ ...base, endTime: "  " })).toBe(SlotMessages.REQUIRED);
    expect(SlotMessages.REQUIRED).toBe("Please fill in all required fields");
  });

  it("requires the end after the start", () => {
    expect(messageOf({ ...base, startTime: "10:00", endTime: "10:00" })).toBe("End time must be after start time");
    expect(messageOf({ ...base, startTime: "11:00", endTime: "10:00" })).toBe("End time must be after start time");
  });

  it("refuses a slot that starts before now in the coach's zone, and accepts one starting later today", () => {
    expect(messageOf({ ...base, date: "2026-06-15", startTime: "12:00", endTime: "13:00" })).toBe("Cannot create time slots in the past");
    expect(messageOf({ ...base, date: "2026-06-14" })).toBe("Cannot create time slots in the past");
    expect(messageOf({ ...base, date: "2026-06-15", startTime: "12:15", endTime: "13:00" })).toBe("ok");
    expect(messageOf({ ...base, date: "2026-06-14" }, null)).toBe("ok");
  });

  it("requires at least 15 minutes and at most 8 hours", () => {
    expect(messageOf({ ...base, startTime: "09:00", endTime: "09:10" })).toBe("Session must be at least 15 minutes long");
    expect(messageOf({ ...base, startTime: "09:00", endTime: "09:15" })).toBe("ok");
    expect(messageOf({ ...base, startTime: "08:00", endTime: "16:00" })).toBe("ok");
    expect(messageOf({ ...base, startTime: "08:00", endTime: "16:15" })).toBe("Session cannot be longer than 8 hours");
  });

  it("requires times on 15-minute steps", () => {
    expect(messageOf({ ...base, startTime: "09:05", endTime: "10:00" })).toBe("Times must be on 15-minute steps");
    expect(messageOf({ ...base, startTime: "09:00", endTime: "09:50" })).toBe("Times must be on 15-minute steps");
  });

  it("keeps group capacity between 2 and 10", () => {
    const group = { ...base, isGroup: true };
    expect(messageOf({ ...group, capacity: 1 })).toBe("Group sessions must have capacity for at least 2 students");
    expect(messageOf({ ...group, capacity: null })).toBe("Group sessions must have capacity for at least 2 students");
    expect(messageOf({ ...group, capacity: 11 })).toBe("Group sessions cannot exceed 10 students");
    expect(validateSlot({ ...group, capacity: "10" }, now)).toMatchObject({ ok: true, slot: { isGroup: true, capacity: 10 } });
    expect(validateSlot({ ...group, capacity: 2 }, now)).toMatchObject({ ok: true, slot: { capacity: 2 } });
  });

  it("names the field that failed", () => {
    expect(validateSlot({ ...base, endTime: "08:00" }, now)).toMatchObject({ ok: false, field: "endTime" });
    expect(validateSlot({ ...base, isGroup: true, capacity: 12 }, now)).toMatchObject({ ok: false, field: "capacity" });
  });

  it("refuses dates and times that do not exist", () => {
    expect(messageOf({ ...base, date: "2026-02-30" })).toBe(SlotMessages.INVALID_DATE);
    expect(messageOf({ ...base, startTime: "9:00" })).toBe(SlotMessages.INVALID_TIME);
  });
});

describe("slot request schemas", () => {
  it("turns a missing required field into the spec's message", () => {
    const result = CreateSlotRequestSchema.safeParse({ startTime: "09:00", endTime: "10:00" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please fill in all required fields");
  });

  it("accepts capacity typed as digits and clears empty location fields", () => {
    const parsed = CreateSlotRequestSchema.parse({
      date: "2026-06-16",
      startTime: "09:00",
      endTime: "10:00",
      capacity: "4",
      locationName: "",
    });
    expect(parsed.capacity).toBe(4);
    expect(parsed.locationName).toBeNull();
  });

  it("leaves fields that an edit does not send undefined", () => {
    const parsed = UpdateSlotRequestSchema.parse({ locationNotes: "Bring a stick" });
    expect(parsed.date).toBeUndefined();
    expect(parsed.locationName).toBeUndefined();
    expect(parsed.locationNotes).toBe("Bring a stick");
  });
});
