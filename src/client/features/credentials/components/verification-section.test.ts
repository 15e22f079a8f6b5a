import { describe, expect, it } from "vitest";
import type { Credential } from "@contract/credentials";
import { dueCredentials, statusText } from "./verification-section";

const credential = (id: number, over: Partial<Credential>): Credential => ({
  id,
  kind: "safesport",
  label: "SafeSport trained",
  status: "verified",
  completedOn: null,
  expiresOn: null,
  memberNumber: null,
  level: null,
  rejectionReason: null,
  verifiedAt: null,
  screening: null,
  document: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});
const TODAY = "2026-11-29";

describe("the coach's Verification section", () => {
  it("is due for what expires within 30 days or has expired, unless a renewal is current or waiting", () => {
    const soon = credential(1, { expiresOn: "2026-12-20" });
    const later = credential(2, { kind: "first_aid", label: "First aid/CPR certified", expiresOn: "2027-06-01" });
    const gone = credential(3, { kind: "usa_lacrosse", label: "USA Lacrosse member", status: "expired", expiresOn: "2026-11-01" });
    expect(dueCredentials([soon, later, gone], TODAY).map((c) => c.id)).toEqual([1, 3]);
    const renewalWaiting = credential(4, { status: "pending" });
    expect(dueCredentials([soon, renewalWaiting], TODAY)).toEqual([]);
    const renewed = credential(5, { expiresOn: "2027-11-01" });
    expect(dueCredentials([soon, renewed], TODAY)).toEqual([]);
  });

  it("says each status in words: pending, verified until, rejected with its reason, expired", () => {
    expect(statusText(credential(1, { status: "pending" }))).toBe("Pending review");
    expect(statusText(credential(1, { kind: "background_check", status: "pending", screening: "running" }))).toBe(
      "Pending: the background check is running",
    );
    expect(statusText(credential(1, { expiresOn: "2027-10-30" }))).toMatch(/^Verified · valid until .*2027$/);
    expect(statusText(credential(1, { status: "rejected", rejectionReason: "Unreadable scan" }))).toBe("Rejected: Unreadable scan");
    expect(statusText(credential(1, { status: "expired", expiresOn: "2026-11-01" }))).toMatch(/^Expired on .*2026$/);
  });
});
