import type request from "supertest";
import type { CurrentUser } from "@contract/accounts";
import type { CoachProfileRequest, CoachResponse } from "@contract/coaches";
import type { TestApp } from "@tests/support/test-app";
import { type RegisterOptions, registerUser } from "./users";

type Agent = ReturnType<typeof request.agent>;

export type CoachOverrides = Partial<CoachProfileRequest> & Pick<RegisterOptions, "email" | "password" | "firstName" | "lastName">;

export const DEFAULT_COACH_PROFILE = {
  title: "Former D1 Midfielder",
  bio: "Ten years of coaching youth and high school players on footwork, stick skills and field vision.",
  zipcode: "21201",
  specializations: ["Midfield", "Attack"],
  experience: "10 years",
  allowSessionRequests: true,
  rates: [
    { sessionType: "individual", duration: 60, rate: "85.00" },
    { sessionType: "individual", duration: 30, rate: "50.00" },
    { sessionType: "group", duration: 60, rate: "40.00" },
  ],
} satisfies CoachProfileRequest;

/**
 * Registers a coach through the real endpoint and creates their profile through POST /api/coaches;
 * `agent` stays signed in as that coach.
 */
export async function makeCoach(
  t: TestApp,
  overrides: CoachOverrides = {},
): Promise<{ agent: Agent; user: CurrentUser; coach: CoachResponse; email: string; password: string }> {
  const { email, password, firstName, lastName, ...profile } = overrides;
  const registered = await registerUser(t.agent(), {
    userType: "coach",
    email,
    password,
    firstName: firstName ?? "Casey",
    lastName: lastName ?? "Coach",
  });
  const res = await registered.agent.post("/api/coaches").send({ ...DEFAULT_COACH_PROFILE, ...profile });
  if (res.status !== 201) throw new Error(`makeCoach failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    agent: registered.agent,
    user: registered.user,
    coach: res.body as CoachResponse,
    email: registered.email,
    password: registered.password,
  };
}
