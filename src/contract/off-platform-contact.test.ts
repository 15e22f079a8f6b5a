import { describe, expect, it } from "vitest";
import { offPlatformContactIn } from "./off-platform-contact";

describe("a message that takes the conversation off LaxCoach", () => {
  it.each([
    "Call me at 410-555-0199",
    "my cell is (410) 555-0199",
    "text 410.555.0199 tonight",
    "4105550199",
    "+1 410 555 0199",
    "1-410-555-0199 works",
    "(410)555-0199",
  ])("finds the phone number in %j", (text) => {
    expect(offPlatformContactIn(text)).toMatchObject({ phone: true });
  });

  it.each(["write to dana.whitaker@gmail.com", "DANA+lax@Example.co.uk", "dana at gmail dot com", "dana(at)gmail.com"])(
    "finds the e-mail address in %j",
    (text) => {
      expect(offPlatformContactIn(text)).toMatchObject({ email: true });
    },
  );

  it.each(["just venmo me", "Pay on CashApp", "cash app is fine", "I'll Zelle you", "paypal works too"])(
    "finds the outside payment app in %j",
    (text) => {
      expect(offPlatformContactIn(text)).toMatchObject({ payment: true });
    },
  );

  it.each([
    "See you Tuesday at 4:00 PM at Memorial Field",
    "The session on 2026-11-29 went well",
    "Book the 12/01/2026 slot",
    "That was $80.50 for the hour",
    "Riley scored 12 goals in 3 games",
    "Order #12345678901234 is not a phone",
    "Bring 2 sticks and 10 balls",
    "We met at the field; great work on the dodges",
    "venmore is not a word",
  ])("leaves %j alone", (text) => {
    expect(offPlatformContactIn(text)).toBeNull();
  });
});
