import { describe, expect, it } from "vitest";
import { PRIVACY_POLICY_VERSION } from "./children";
import { INVITATION_VALID_DAYS, MAX_FAMILY_INVITATIONS_PER_DAY, MAX_INVITATIONS_PER_ADDRESS_PER_DAY } from "./families";
import {
  LEGAL_INVITATION_VALID_DAYS,
  LEGAL_INVITATIONS_PER_ADDRESS_PER_DAY,
  LEGAL_INVITATIONS_PER_FAMILY_PER_DAY,
  LEGAL_LAST_UPDATED,
  LEGAL_PACKAGE_VALID_DAYS,
  legalDocumentToText,
  privacyPolicy,
  termsOfService,
  type LegalDocument,
} from "./legal";
import { PACKAGE_VALID_DAYS } from "./packages";

// DESIGN.md 12: the Privacy Policy and Terms describe families, children's data, messages,
// packages and credits as the product does them.

const textOf = (doc: LegalDocument) => legalDocumentToText(doc).toLowerCase();

describe("the legal texts", () => {
  it.each([termsOfService, privacyPolicy])("$title names no fee multiplier and no 'student'", (doc) => {
    const text = textOf(doc);
    expect(text).not.toMatch(/multiplied by/);
    expect(text).not.toMatch(/1\.15/);
    expect(text).not.toMatch(/\bstudents?\b/);
  });

  it.each([
    ["families, owner, guardians and invitations", /owner/, /guardian/, /invitation/],
    ["children's data: consent under 13, export and erasure, anonymised money records", /consent/, /download data/, /anonymised/],
    ["messages: the parent's copy, reports and moderation", /parent/, /report/, /suspend/],
    [
      "packages and credits: the family price with the fee, validity, refunds of unused credits",
      /15% platform fee|15% fee/,
      /valid-until/,
      /unused credits/,
    ],
  ])("the Privacy Policy describes %s", (_topic, ...patterns) => {
    const text = textOf(privacyPolicy);
    for (const pattern of patterns) expect(text).toMatch(pattern);
  });

  it.each([
    ["families, owner, guardians and invitations", /owner/, /guardian/, /invitations? .*expire/],
    ["packages and credits", /family's price/, /unused credits expire/, /unused credits can be refunded/],
    ["messages and moderation", /report/, /suspend/],
    ["children under 13 never hold an account", /under 13 never holds an account|child under 13 never holds an account/],
  ])("the Terms describe %s", (_topic, ...patterns) => {
    const text = textOf(termsOfService);
    for (const pattern of patterns) expect(text).toMatch(pattern);
  });

  it("state the product's own numbers, and carry the policy version a guardian's consent names", () => {
    expect(LEGAL_LAST_UPDATED).toBe(PRIVACY_POLICY_VERSION);
    expect(privacyPolicy.lastUpdated).toBe(PRIVACY_POLICY_VERSION);
    expect(LEGAL_INVITATION_VALID_DAYS).toBe(INVITATION_VALID_DAYS);
    expect(LEGAL_INVITATIONS_PER_FAMILY_PER_DAY).toBe(MAX_FAMILY_INVITATIONS_PER_DAY);
    expect(LEGAL_INVITATIONS_PER_ADDRESS_PER_DAY).toBe(MAX_INVITATIONS_PER_ADDRESS_PER_DAY);
    expect(LEGAL_PACKAGE_VALID_DAYS).toEqual(PACKAGE_VALID_DAYS);
  });
});
