import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "./calendar";

describe("googleCalendarUrl", () => {
  it("sends UTC instants and names the coach's zone", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "Lacrosse session with Casey Coach",
        startsAt: "2026-12-01T22:00:00.000Z",
        endsAt: "2026-12-01T23:00:00.000Z",
        timeZone: "America/Chicago",
        location: "Memorial Field",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Lacrosse session with Casey Coach",
      dates: "20261201T220000Z/20261201T230000Z",
      ctz: "America/Chicago",
      location: "Memorial Field",
    });
  });
});
