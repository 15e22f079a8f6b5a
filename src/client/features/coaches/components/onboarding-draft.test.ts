import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/accounts";
import type { CoachResponse } from "@contract/coaches";
import { SlotMessages } from "@contract/slot-basics";
import {
  draftFrom,
  isFullyOnboarded,
  isStepComplete,
  minimalProfileOf,
  OnboardingMessages,
  planFirstSlot,
  ratesOf,
  type OnboardingDraft,
} from "./onboarding-draft";

const user = { id: 1, email: "c@example.com", firstName: "Casey", lastName: "Coach", phoneNumber: null, smsOptIn: false } as CurrentUser;

function filledDraft(): OnboardingDraft {
  return {
    ...draftFrom(user, null),
    phoneNumber: "410-555-0100",
    title: "Defense Coach",
    bio: "Ten years coaching.",
    zipcode: "21201",
    positions: ["Defense"],
  };
}

const noFacts = { account: null, photoUrl: null };
const now = { date: "2026-11-23", time: "10:00" };

describe("onboarding step gates", () => {
  it("step 1 needs title, bio, zipcode, phone and at least one position", () => {
    expect(isStepComplete(1, filledDraft(), noFacts)).toBe(true);
    expect(isStepComplete(1, { ...filledDraft(), positions: [] }, noFacts)).toBe(false);
    expect(isStepComplete(1, { ...filledDraft(), phoneNumber: " " }, noFacts)).toBe(false);
    expect(isStepComplete(1, { ...filledDraft(), zipcode: "2120" }, noFacts)).toBe(false);
    expect(isStepComplete(1, { ...filledDraft(), bio: "" }, noFacts)).toBe(false);
  });

  it("step 2 needs at least one rate, and only filled rates are sent", () => {
    const draft = filledDraft();
    expect(isStepComplete(2, draft, noFacts)).toBe(false);
    const withRate = { ...draft, rates: { ...draft.rates, group60: "35" } };
    expect(isStepComplete(2, withRate, noFacts)).toBe(true);
    expect(ratesOf(withRate)).toEqual([{ sessionType: "group", duration: 60, rate: "35" }]);
    expect(isStepComplete(2, { ...draft, rates: { ...draft.rates, individual30: "abc" } }, noFacts)).toBe(false);
  });

  it("step 3 needs an account that exists and is complete; step 4 a photo; step 5 nothing", () => {
    const draft = filledDraft();
    expect(isStepComplete(3, draft, { account: { hasAccount: true, accountComplete: false }, photoUrl: null })).toBe(false);
    expect(isStepComplete(3, draft, { account: { hasAccount: true, accountComplete: true }, photoUrl: null })).toBe(true);
    expect(isStepComplete(4, draft, noFacts)).toBe(false);
    expect(isStepComplete(4, draft, { account: null, photoUrl: "/uploads/a.png" })).toBe(true);
    expect(isStepComplete(5, draft, noFacts)).toBe(true);
  });
});

describe("the minimal profile of the payment step", () => {
  it("uses the spec's fallbacks for what the coach has not typed", () => {
    expect(minimalProfileOf(draftFrom(user, null))).toMatchObject({
      title: "Lacrosse Coach",
      zipcode: "00000",
      specializations: ["Midfield"],
    });
  });

  it("keeps what the coach typed", () => {
    expect(minimalProfileOf(filledDraft())).toMatchObject({ title: "Defense Coach", zipcode: "21201", specializations: ["Defense"] });
  });

  it("does not show the fallbacks back to the coach as their own answers", () => {
    const coach = {
      title: "Lacrosse Coach",
      bio: "Lacrosse Coach",
      zipcode: "00000",
      location: null,
      specializations: ["Midfield"],
      rates: [],
    };
    const draft = draftFrom(user, coach as unknown as CoachResponse);
    expect(draft.title).toBe("");
    expect(draft.zipcode).toBe("");
  });
});

describe("the optional first slot", () => {
  const withSlot = (slot: Partial<OnboardingDraft["slot"]>): OnboardingDraft => {
    const draft = filledDraft();
    return { ...draft, slot: { ...draft.slot, ...slot } };
  };

  it("is skipped unless date, start, end and location name are all given", () => {
    expect(planFirstSlot(withSlot({ date: "2026-11-30", startTime: "09:00", endTime: "10:00" }), now)).toEqual({ kind: "skip" });
  });

  it("is created as one available slot", () => {
    const plan = planFirstSlot(withSlot({ date: "2026-11-30", startTime: "09:00", endTime: "10:00", locationName: "Field 3" }), now);
    expect(plan).toEqual({
      kind: "create",
      slot: {
        date: "2026-11-30",
        startTime: "09:00",
        endTime: "10:00",
        isGroup: false,
        capacity: 1,
        isAvailable: true,
        locationName: "Field 3",
        locationAddress: null,
      },
    });
  });

  it("cannot be dated before today", () => {
    const plan = planFirstSlot(withSlot({ date: "2026-11-22", startTime: "09:00", endTime: "10:00", locationName: "Field 3" }), now);
    expect(plan).toMatchObject({ kind: "invalid", message: SlotMessages.IN_PAST });
  });

  it("refuses a group of fewer than 2 players with the onboarding wording", () => {
    const plan = planFirstSlot(
      withSlot({ date: "2026-11-30", startTime: "09:00", endTime: "10:00", locationName: "Field 3", isGroup: true, capacity: "1" }),
      now,
    );
    expect(plan).toEqual({
      kind: "invalid",
      title: OnboardingMessages.CAPACITY_TITLE,
      message: "Group sessions must have at least 2 players",
    });
  });
});

describe("isFullyOnboarded", () => {
  const coach = { rates: [{ id: 1 }], profileImageUrl: "/uploads/p.png" } as unknown as CoachResponse;
  it("needs rates, a complete account and a photo", () => {
    expect(isFullyOnboarded(coach, { accountComplete: true }, null)).toBe(true);
    expect(isFullyOnboarded(coach, { accountComplete: false }, null)).toBe(false);
    expect(isFullyOnboarded({ ...coach, profileImageUrl: null }, { accountComplete: true }, null)).toBe(false);
    expect(isFullyOnboarded({ ...coach, rates: [] }, { accountComplete: true }, "/uploads/u.png")).toBe(false);
    expect(isFullyOnboarded(null, { accountComplete: true }, "/uploads/u.png")).toBe(false);
  });
});
