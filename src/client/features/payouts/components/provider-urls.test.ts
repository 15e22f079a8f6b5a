import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, providerNavigationUrl, safeReturnPath } from "./provider-urls";

const origin = "http://127.0.0.1:4321";

describe("providerNavigationUrl", () => {
  it("keeps the simulated provider's onboarding page on the origin the coach is using", () => {
    expect(providerNavigationUrl("http://localhost:5000/payments/simulated/onboarding?account=acct_1&return=x", origin)).toBe(
      "/payments/simulated/onboarding?account=acct_1&return=x",
    );
  });

  it("leaves Stripe's hosted links untouched", () => {
    const url = "https://connect.stripe.com/setup/e/acct_1/abc";
    expect(providerNavigationUrl(url, origin)).toBe(url);
  });
});

describe("safeReturnPath", () => {
  it("returns to the onboarding wizard with its stripe query", () => {
    expect(safeReturnPath("http://localhost:5000/coach-onboarding?stripe=success", origin)).toBe("/coach-onboarding?stripe=success");
  });

  it("accepts a relative path of the payment account page", () => {
    expect(safeReturnPath("/coach/stripe-connect?success=true", origin)).toBe("/coach/stripe-connect?success=true");
  });

  it("never sends the coach to another page or site", () => {
    expect(safeReturnPath("https://evil.example/steal", origin)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath("//evil.example/coach-onboarding-x", origin)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath("/admin", origin)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath("javascript:alert(1)", origin)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath(null, origin)).toBe(DEFAULT_RETURN_PATH);
  });
});
