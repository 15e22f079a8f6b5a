import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "./errors";
import { ErrorCode } from "./error-basics";

describe("error codes", () => {
  it("each code is its own name in UPPER_SNAKE, so a client can switch on it and a log can grep it", () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect(code).toBe(name);
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    }
  });

  it("no two refusals share a code", () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("an error body carries the message the spec fixes, and a code a client may switch on", () => {
    const body = ErrorBodySchema.parse({
      message: "Your reservation expired. Please book the time slot again.",
      code: ErrorCode.HOLD_EXPIRED,
    });
    expect(body.code).toBe("HOLD_EXPIRED");
    expect(ErrorBodySchema.parse({ message: "Unauthorized" })).toEqual({ message: "Unauthorized" });
  });
});
