import { describe, expect, it } from "vitest";
import { PlayerMessages } from "@contract/players";
import {
  checkLocation,
  checkPlayerInformation,
  checkPlayingProfile,
  checkProfileForm,
  toProfileRequest,
  type PlayerDraft,
} from "./player-draft";

const today = "2026-06-01";
const adult: PlayerDraft = {
  firstName: "Alex",
  lastName: "Smith",
  phoneNumber: "410-555-0100",
  smsOptIn: false,
  playerEmail: "alex@example.com",
  birthday: "01/15/2000",
  parentFirstName: "",
  parentLastName: "",
  parentPhoneNumber: "",
  parentEmail: "",
  parentSmsOptIn: false,
  preferredLocation: "10001",
  maxTravelDistance: "25",
  position: "Goalie",
  secondaryPosition: "none",
  ageGroup: "high-school",
  skillLevel: "advanced",
  goals: [],
  preferredCoachingStyle: "",
  sessionPreferences: [],
};
const minor = { ...adult, birthday: "01/15/2012" };

describe("player set-up checks", () => {
  it("asks for every required player field", () => {
    expect(checkPlayerInformation({ ...adult, playerEmail: "" }, today)).toBe(PlayerMessages.INCOMPLETE);
    expect(checkPlayerInformation(adult, today)).toBeNull();
  });

  it("rejects a birthday that is not MM/DD/YYYY", () => {
    expect(checkPlayerInformation({ ...adult, birthday: "01/15/20" }, today)).toBe(PlayerMessages.INVALID_BIRTHDAY);
  });

  it("asks a minor for the parent's details and then consent", () => {
    expect(checkPlayerInformation(minor, today)).toBe(PlayerMessages.MISSING_PARENT);
    const withParent = {
      ...minor,
      parentFirstName: "Pat",
      parentLastName: "Smith",
      parentPhoneNumber: "4105550101",
      parentEmail: "pat@example.com",
    };
    expect(checkPlayerInformation(withParent, today)).toBe(PlayerMessages.PARENT_SMS_CONSENT);
    expect(checkPlayerInformation({ ...withParent, parentSmsOptIn: true }, today)).toBeNull();
  });

  it("needs a 5-digit ZIP and position, age group and skill level", () => {
    expect(checkLocation({ ...adult, preferredLocation: "1000" })).toBe(PlayerMessages.INCOMPLETE);
    expect(checkPlayingProfile({ ...adult, skillLevel: "" })).toBe(PlayerMessages.INCOMPLETE);
  });

  it("requires the player's SMS consent on the profile page only", () => {
    expect(checkProfileForm(adult, today)).toBe(PlayerMessages.SMS_CONSENT);
    expect(checkProfileForm({ ...adult, smsOptIn: true }, today)).toBeNull();
  });

  it("sends the birthday as YYYY-MM-DD, 'none' as no secondary position, and no parent for an adult", () => {
    const body = toProfileRequest({ ...adult, parentFirstName: "Stale" }, today);
    expect(body.birthday).toBe("2000-01-15");
    expect(body.secondaryPosition).toBeNull();
    expect(body.parentFirstName).toBeNull();
  });
});
