import { Check, MessageSquare, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { athleteFacts, sessionAthleteName } from "@contract/family-basics";
import type { SessionRequest } from "@contract/requests";
import { SessionRequestMessages } from "@contract/request-basics";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { LazyDialogBody } from "@client/components/ui/lazy-dialog-body";
import { Spinner } from "@client/components/ui/spinner";
import { messagesWithFamily } from "@client/config/paths";
import { toast } from "@client/components/ui/toast";
import { toastFailure } from "@client/lib/toast-failure";
import { messageOr } from "@client/lib/handle-unauthorized";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { useAcceptSessionRequest, useDeclineSessionRequest } from "../api/answer-session-request";
import { useCoachRequests } from "../api/get-coach-requests";
import { personName } from "./request-format";
import { RequestDetailsList } from "./request-details-list";

// The decline form brings the form library and the request schemas (zod): they load when the coach
// opens the dialog, not with the dashboard's first screen (its budget, scripts/check-bundle-budget.mjs).
const DeclineRequestForm = lazyWithReload(async () => ({ default: (await import("./decline-request-form")).DeclineRequestForm }));

/** coach-side 2: the dashboard's pending session requests, soonest first, with accept and the decline dialog. */
export function CoachRequestsSection({ coachId }: { coachId: number }) {
  const requests = useCoachRequests(coachId);
  const pending = useMemo(
    () =>
      (requests.data ?? []).filter((r) => r.status === "pending").sort((a, b) => a.requestedStartsAt.localeCompare(b.requestedStartsAt)),
    [requests.data],
  );
  const [declining, setDeclining] = useState<SessionRequest | null>(null);

  return (
    <section aria-labelledby="session-requests-heading" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="session-requests-heading" className="font-display text-xl font-bold text-field-900 uppercase">
          Pending Session Requests
        </h2>
        {pending.length > 0 ? <Badge variant="accent">{pending.length}</Badge> : null}
      </div>
      {requests.isLoading ? (
        <Spinner label="Loading session requests..." />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOr(requests.error, "Failed to load session requests.")}
        </p>
      ) : pending.length === 0 ? (
        <p className="text-slate-600">No pending session requests.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {pending.map((request) => (
            <li key={request.id}>
              <CoachRequestCard request={request} onDecline={() => setDeclining(request)} />
            </li>
          ))}
        </ul>
      )}
      <DeclineRequestDialog request={declining} onClose={() => setDeclining(null)} />
    </section>
  );
}

function CoachRequestCard({ request, onDecline }: { request: SessionRequest; onDecline: () => void }) {
  const accept = useAcceptSessionRequest();
  // The athlete the session is for, with their age and position (DESIGN.md 11).
  const name = sessionAthleteName(request, personName(request.student, "Student"));
  const facts = athleteFacts(request.athlete);

  async function onAccept() {
    try {
      await accept.mutateAsync(request.id);
      toast({
        title: SessionRequestMessages.ACCEPTED,
        description: `${name}'s family has been asked to complete payment for the session.`,
        variant: "success",
      });
    } catch (error) {
      toastFailure(error, "Error", { fallback: SessionRequestMessages.ACCEPT_FAILED });
    }
  }

  return (
    <Card data-testid={`session-request-${request.id}`}>
      <CardContent className="flex flex-col gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col">
            <h3 className="font-display text-lg font-bold text-field-950 uppercase">{name}</h3>
            {facts ? <p className="text-sm text-slate-600">{facts}</p> : null}
            {/* A minor's contact is the guardian's (DESIGN.md 12); phone and e-mail once a seat is paid. */}
            {request.contact?.isGuardian ? (
              <p className="text-sm font-semibold text-field-800" data-testid="coach-contact-label">
                {request.contact.label}
              </p>
            ) : null}
          </div>
          {/* Issue 29: the headline is what the coach earns. */}
          <span className="font-bold text-field-900" data-testid="request-earns">
            You earn ${request.rate}
          </span>
        </div>
        <RequestDetailsList request={request} />
        <p className="text-sm text-slate-600">The player pays ${request.totalAmount}, the platform fee included.</p>
        {request.message ? (
          <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            <MessageSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-field-700" />
            <span className="break-words whitespace-pre-line">{request.message}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" isLoading={accept.isPending} onClick={() => void onAccept()}>
            <Check aria-hidden /> Accept
          </Button>
          <Button size="sm" variant="outline" disabled={accept.isPending} onClick={onDecline}>
            <X aria-hidden /> Decline
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link href={messagesWithFamily(request.studentId)}>
              <MessageSquare aria-hidden /> Message {name}&apos;s family
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The decline dialog: its frame opens at once, its form (and the form library) loads when it first opens. */
function DeclineRequestDialog({ request, onClose }: { request: SessionRequest | null; onClose: () => void }) {
  const decline = useDeclineSessionRequest();
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !decline.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline Request</DialogTitle>
          <DialogDescription>
            {request
              ? `Let ${personName(request.student, "the player")} know why you cannot take this session (optional).`
              : "Let the player know why you cannot take this session (optional)."}
          </DialogDescription>
        </DialogHeader>
        {request ? (
          <LazyDialogBody>
            <DeclineRequestForm request={request} decline={decline} onClose={onClose} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
