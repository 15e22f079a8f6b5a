// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionRequest } from "@contract/requests";
import { answer, mockApi, renderPage, type ApiCall } from "@client/testing/render-page";
import { CoachRequestsSection } from "./coach-requests-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending: SessionRequest = {
  id: 9,
  coachId: 3,
  coach: { id: 3, title: "Coach", profileImageUrl: null, user: { firstName: "Casey", lastName: "Coach" } },
  studentId: 5,
  athleteId: null,
  athlete: null,
  requestedDate: "2026-12-05",
  requestedStartTime: "11:00",
  requestedEndTime: "11:30",
  requestedStartsAt: "2026-12-05T16:00:00.000Z",
  timeZone: "America/New_York",
  sessionType: "individual",
  groupSize: null,
  duration: 30,
  rate: "40.00",
  platformFee: "6.00",
  totalAmount: "46.00",
  message: "Can we do faceoffs?",
  coachResponse: null,
  status: "pending",
  timeSlotId: null,
  booking: null,
  respondedAt: null,
  createdAt: "2026-11-28T12:00:00.000Z",
  student: {
    id: 5,
    firstName: "Jordan",
    lastName: "Player",
    email: null,
    phoneNumber: null,
    profileImageUrl: null,
    parentFirstName: null,
    parentLastName: null,
    parentPhoneNumber: null,
    parentEmail: null,
    ageGroup: null,
    skillLevel: null,
    position: null,
    secondaryPosition: null,
    goals: [],
    preferredCoachingStyle: null,
    sessionPreferences: [],
  },
};

const declines = (calls: ApiCall[]) => calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body]);

async function openDecline(user: ReturnType<typeof renderPage>["user"]) {
  const card = await screen.findByTestId("session-request-9");
  await user.click(within(card).getByRole("button", { name: "Decline" }));
  const dialog = await screen.findByRole("dialog", { name: "Decline Request" });
  expect(within(dialog).getByText("Let Jordan Player know why you cannot take this session (optional).")).toBeTruthy();
  return { dialog, message: (await within(dialog).findByLabelText("Message to the player (optional)")) as HTMLTextAreaElement };
}

// The decline form loads when its dialog opens (a file of its own); a shared machine may be slow to bring it.
describe("the coach declines a session request, on the contract's schema", { timeout: 30_000 }, () => {
  it("sends the message trimmed, and a blank one as no message, and tells the coach", async () => {
    const calls = mockApi({
      "GET /api/session-requests/coach/3": () => [pending],
      "POST /api/session-requests/9/decline": () => ({ ...pending, status: "declined" }),
    });
    const { user } = renderPage(<CoachRequestsSection coachId={3} />);

    let { dialog, message } = await openDecline(user);
    // The form arrives after the dialog opened: the focus goes to the message, as Radix puts it there.
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(message.maxLength).toBe(1000);
    await user.type(message, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Decline Request" }));
    expect(await screen.findByText("Session Request Declined")).toBeTruthy();
    expect(screen.getByText("The player has been notified.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Decline Request" })).toBeNull());
    expect(declines(calls)).toEqual([["/api/session-requests/9/decline", {}]]);

    ({ dialog, message } = await openDecline(user));
    expect(message.value).toBe("");
    await user.type(message, "  I'm away that weekend.  ");
    await user.click(within(dialog).getByRole("button", { name: "Decline Request" }));
    await waitFor(() => expect(declines(calls)).toHaveLength(2));
    expect(declines(calls)[1]).toEqual(["/api/session-requests/9/decline", { message: "I'm away that weekend." }]);
  });

  it("keeps the dialog and the message when the decline fails, and Cancel closes it without sending", async () => {
    const calls = mockApi({
      "GET /api/session-requests/coach/3": () => [pending],
      "POST /api/session-requests/9/decline": () => answer(409, { message: "This request has already been answered." }),
    });
    const { user } = renderPage(<CoachRequestsSection coachId={3} />);

    const { dialog, message } = await openDecline(user);
    await user.type(message, "Sorry");
    await user.click(within(dialog).getByRole("button", { name: "Decline Request" }));
    expect(await screen.findByText("This request has already been answered.")).toBeTruthy();
    expect(message.value).toBe("Sorry");
    expect(declines(calls)).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Decline Request" })).toBeNull());
    expect(declines(calls)).toHaveLength(1);
  });
});
