import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry, isCompleteExpiry } from "./card-format";

describe("card form formatting", () => {
  it("groups the card number in fours and drops anything that is not a digit", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000 0000 0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumber("42424")).toBe("4242 4");
  });

  it("writes the expiry as MM / YY", () => {
    expect(formatExpiry("1229")).toBe("12 / 29");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12 / ", "1")).toBe("12 / ");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
    expect(isCompleteExpiry("12 / 29")).toBe(true);
    expect(isCompleteExpiry("13 / 29")).toBe(false);
  });
});
