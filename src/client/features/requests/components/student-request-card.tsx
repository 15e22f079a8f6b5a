import { CreditCard, MessageSquare, XCircle } from "lucide-react";
import { Link } from "wouter";
import { athleteName } from "@contract/family-basics";
import type { SessionRequest } from "@contract/requests";
import { REQUEST_STATUS_LABELS, SessionRequestMessages, type SessionRequestStatus } from "@contract/request-basics";
import { Avatar } from "@client/components/ui/avatar";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { toast } from "@client/components/ui/toast";
import { paths } from "@client/config/paths";
import { useCancelSessionRequest } from "../api/cancel-session-request";
import { personName } from "./request-format";
import { RequestDetailsList } from "./request-details-list";
import { isUnauthorized } from "@client/lib/api-client";

const STATUS_VARIANT: Record<SessionRequestStatus, "warning" | "success" | "destructive" | "secondary" | "outline"> = {
  pending: "warning",
  accepted: "success",
  declined: "destructive",
  expired: "secondary",
  cancelled: "outline",
};

/** One of the student's requests: the coach, the time asked for, its status and the coach's answer. */
export function StudentRequestCard({ request }: { request: SessionRequest }) {
  const cancel = useCancelSessionRequest();
  const coachName = personName(request.coach.user, "Coach");
  const awaitingPayment = request.status === "accepted" && request.booking?.status === "pending";

  async function onCancel() {
    try {
      await cancel.mutateAsync(request.id);
      toast({ title: SessionRequestMessages.CANCELLED, description: "The coach has been notified.", variant: "success" });
    } catch (error) {
      if (isUnauthorized(error)) return;
      toast({ title: "Error", description: SessionRequestMessages.CANCEL_FAILED, variant: "destructive" });
    }
  }

  return (
    <Card data-testid={`session-request-${request.id}`}>
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <div className="flex items-start gap-4">
          <Avatar name={coachName} photo={request.coach.profileImageUrl} className="size-14 text-xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-display text-lg font-bold text-field-950 uppercase">{coachName}</h2>
              <Badge variant={STATUS_VARIANT[request.status]}>{REQUEST_STATUS_LABELS[request.status] ?? request.status}</Badge>
            </div>
            <p className="text-sm text-slate-600">{request.coach.title}</p>
            {request.athlete ? <p className="text-sm font-semibold text-field-800">For {athleteName(request.athlete)}</p> : null}
          </div>
        </div>

        <RequestDetailsList request={request} showAmount />

        {request.message ? (
          <p className="flex gap-2 text-sm text-slate-700">
            <MessageSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-field-700" />
            <span className="break-words whitespace-pre-line">
              <span className="font-semibold">Your message: </span>
              {request.message}
            </span>
          </p>
        ) : null}

        {request.coachResponse ? (
          <div className="rounded-lg border-l-4 border-field-600 bg-field-50 p-3 text-sm">
            <p className="font-semibold text-field-900">Coach&apos;s response</p>
            <p className="break-words whitespace-pre-line text-slate-800">{request.coachResponse}</p>
          </div>
        ) : null}

        {awaitingPayment && request.booking ? (
          <Button asChild className="self-start">
            <Link href={paths.bookingCheckout(request.booking.id)}>
              <CreditCard aria-hidden /> Complete Payment
            </Link>
          </Button>
        ) : null}
        {request.status === "accepted" && request.booking && request.booking.status !== "pending" ? (
          <p className="text-sm text-slate-600">
            This session is in{" "}
            <Link href={paths.myBookings} className="font-semibold text-field-700 underline-offset-4 hover:underline">
              My Bookings
            </Link>
            .
          </p>
        ) : null}

        {request.status === "pending" ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" className="self-start" isLoading={cancel.isPending}>
                <XCircle aria-hidden /> Cancel Request
              </Button>
            }
            title="Cancel this request?"
            description={`${coachName} will no longer be able to accept it.`}
            confirmLabel="Cancel Request"
            cancelLabel="Keep Request"
            onConfirm={onCancel}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
