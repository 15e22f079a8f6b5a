// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CancelSessionResponse, SubmitFeedbackResponse } from "@contract/payouts";
import type { NoShowResponse } from "@contract/progress";
import { makeBooking } from "@client/testing/fixtures";
import { answer, mockApi, renderPage, type ApiCall } from "@client/testing/render-page";
import type { CoachBooking } from "../api/coach-bookings";
import { CancelSessionDialog, FeedbackDialog, NoShowDialog } from "./session-dialogs";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking: CoachBooking = makeBooking({ id: 7, status: "confirmed", paymentStatus: "completed" });
const sent = (calls: ApiCall[]) => calls.filter((c) => c.method === "POST");

const cancelled: CancelSessionResponse = {
  success: true,
  message: "Session Cancelled Successfully",
  cancellation: {
    reason: "Field closed",
    affectedBookings: [{ bookingId: 7, studentId: 5, studentName: "Mia Parker", refundAmount: "46.00", refundStatus: "refunded" }],
  },
};

// Each dialog's form loads when it opens (a file of its own); a shared machine may be slow to bring it.
describe("the coach's session dialogs, on the contract's schemas", { timeout: 30_000 }, () => {
  it("Cancel Session refuses a blank or too long reason, then sends it trimmed and says who was refunded", async () => {
    const calls = mockApi({ "POST /api/bookings/7/cancel": () => cancelled });
    const onClose = vi.fn();
    const { user } = renderPage(<CancelSessionDialog booking={booking} onClose={onClose} />);

    const dialog = await screen.findByRole("alertdialog", { name: "Cancel Session" });
    expect(within(dialog).getByText(/This cannot be undone\. Every student booked/)).toBeTruthy();
    const reason = await within(dialog).findByLabelText("Reason for cancelling *");
    // The form arrives after the dialog opened: the focus goes to its first field, as Radix puts it there.
    await waitFor(() => expect(document.activeElement).toBe(reason));

    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    expect(await within(dialog).findByText("Please provide a reason for cancelling.")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(reason, { target: { value: "x".repeat(1001) } });
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    expect(await within(dialog).findByText("The reason must be at most 1000 characters.")).toBeTruthy();
    expect(sent(calls)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, "  Field closed  ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    expect(await screen.findByText("Session Cancelled Successfully")).toBeTruthy();
    expect(screen.getByText("1 student was refunded in full and notified.")).toBeTruthy();
    expect(sent(calls).map((c) => [c.path, c.body])).toEqual([["/api/bookings/7/cancel", { reason: "Field closed" }]]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("Cancel Session stays open with the server's message when the cancellation is refused", async () => {
    const refused = "This session has already started and can no longer be cancelled.";
    mockApi({ "POST /api/bookings/7/cancel": () => answer(409, { message: refused, code: "ALREADY_STARTED" }) });
    const onClose = vi.fn();
    const { user } = renderPage(<CancelSessionDialog booking={booking} onClose={onClose} />);

    const dialog = await screen.findByRole("alertdialog", { name: "Cancel Session" });
    await user.type(await within(dialog).findByLabelText("Reason for cancelling *"), "Rain");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    expect(await screen.findByText("Cancellation Failed")).toBeTruthy();
    expect(screen.getByText(refused)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText("Reason for cancelling *") as HTMLTextAreaElement).value).toBe("Rain");
  });

  it("Submit Session Feedback needs the text and the stars, keeps the text within 5000 characters, and sends the rated skills", async () => {
    const submitted: SubmitFeedbackResponse = {
      success: true,
      message: "Feedback Submitted",
      booking: { id: 7, feedbackSubmittedAt: "2026-12-01T17:00:00.000Z", payoutStatus: "paid" },
    };
    const calls = mockApi({
      "GET /api/skills": () => [
        { skill: "dodging", label: "Dodging" },
        { skill: "shooting", label: "Shooting" },
      ],
      "POST /api/bookings/7/submit-feedback": () => submitted,
    });
    const onClose = vi.fn();
    const { user } = renderPage(<FeedbackDialog booking={{ ...booking, status: "completed" }} onClose={onClose} />);

    const dialog = await screen.findByRole("dialog", { name: "Submit Session Feedback" });
    const feedback = await within(dialog).findByLabelText("Feedback *");
    // The first control, as before: the first star.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("radio", { name: "1 star: Poor" })));
    await user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));
    expect(await within(dialog).findByText("Please provide feedback for this session.")).toBeTruthy();
    expect(within(dialog).getByText("Please rate this session (1-5 stars).")).toBeTruthy();

    await user.click(within(dialog).getByRole("radio", { name: "4 stars: Good" }));
    fireEvent.change(feedback, { target: { value: "y".repeat(5001) } });
    await user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));
    expect(await within(dialog).findByText("Feedback must be at most 5000 characters.")).toBeTruthy();
    expect(within(dialog).queryByText("Please rate this session (1-5 stars).")).toBeNull();
    expect(sent(calls)).toEqual([]);

    await user.clear(feedback);
    await user.type(feedback, " Great footwork. ");
    const dodging = await within(dialog).findByLabelText("Dodging");
    expect((dodging as HTMLSelectElement).value).toBe("0");
    await user.selectOptions(dodging, "4");
    await user.selectOptions(within(dialog).getByLabelText("Shooting"), "2");
    // Back to "Not rated": left out of what is sent.
    await user.selectOptions(within(dialog).getByLabelText("Shooting"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));

    expect(await screen.findByText("Feedback Submitted")).toBeTruthy();
    expect(screen.getByText("Thank you. Your payment has been released to your payout account.")).toBeTruthy();
    expect(sent(calls).map((c) => [c.path, c.body])).toEqual([
      ["/api/bookings/7/submit-feedback", { feedback: "Great footwork.", rating: 4, skills: [{ skill: "dodging", rating: 4 }] }],
    ]);
    expect(calls.find((c) => c.path === "/api/skills")?.search).toBe("?bookingId=7");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("Mark as No-show needs a note of at most 1000 characters and sends it trimmed", async () => {
    const marked: NoShowResponse = {
      success: true,
      message: "Marked as a no-show",
      booking: { id: 7, status: "no_show", noShowAt: "2026-12-01T15:20:00.000Z", payoutStatus: "paid" },
    };
    const calls = mockApi({ "POST /api/bookings/7/no-show": () => marked });
    const onClose = vi.fn();
    const { user } = renderPage(<NoShowDialog booking={booking} onClose={onClose} />);

    const dialog = await screen.findByRole("dialog", { name: "Mark as No-show" });
    const note = await within(dialog).findByLabelText("Note to the family *");
    await waitFor(() => expect(document.activeElement).toBe(note));
    await user.click(within(dialog).getByRole("button", { name: "Mark No-show" }));
    expect(await within(dialog).findByText("Please add a note about the no-show.")).toBeTruthy();
    fireEvent.change(note, { target: { value: "z".repeat(1001) } });
    await user.click(within(dialog).getByRole("button", { name: "Mark No-show" }));
    expect(await within(dialog).findByText("The note must be at most 1000 characters.")).toBeTruthy();
    expect(sent(calls)).toEqual([]);

    await user.clear(note);
    await user.type(note, " Waited 30 minutes at the field, called twice. ");
    await user.click(within(dialog).getByRole("button", { name: "Mark No-show" }));
    expect(await screen.findByText("Marked as a no-show")).toBeTruthy();
    expect(sent(calls).map((c) => [c.path, c.body])).toEqual([
      ["/api/bookings/7/no-show", { note: "Waited 30 minutes at the field, called twice." }],
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("Back closes the no-show dialog without sending anything", async () => {
    const calls = mockApi({});
    const onClose = vi.fn();
    const { user } = renderPage(<NoShowDialog booking={booking} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Mark as No-show" });
    await user.click(await within(dialog).findByRole("button", { name: "Back" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent(calls)).toEqual([]);
  });
});
