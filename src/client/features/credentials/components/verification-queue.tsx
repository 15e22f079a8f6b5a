import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import type { AdminCredential } from "@contract/credentials";
import { RejectCredentialRequestSchema } from "@contract/credentials";
import { Button } from "@client/components/ui/button";
import { useSchemaForm } from "@client/lib/form-errors";
import {
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { formatInstant, formatMediumDate } from "@client/lib/when";
import { useDecideCredential, useVerificationQueue } from "../api/credentials";
import { CredentialDocumentLink } from "./credential-document-link";

/**
 * The admin panel's "Verification" tab (DESIGN 12): each pending credential with its document,
 * verified after a confirmation or rejected with a reason the coach is mailed. Each decision is in
 * the audit log (the server writes it with the decision).
 */
export function VerificationQueue() {
  const queue = useVerificationQueue();
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="verification-queue-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="verification-queue-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
          Verification
        </h2>
        <p className="text-sm text-slate-600">
          Coaches&apos; credentials waiting for review, oldest first. Open the document before deciding.
        </p>
      </div>
      {queue.isLoading ? (
        <p className="text-slate-600">Loading the queue...</p>
      ) : queue.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          Could not load the verification queue. Please try again.
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-field-200 px-4 py-10 text-center text-slate-600">
          No credentials are waiting for review.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((c) => (
            <QueueItem key={c.id} credential={c} />
          ))}
        </ul>
      )}
      {queue.hasNextPage ? (
        <Button variant="outline" className="self-start" isLoading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}

function QueueItem({ credential: c }: { credential: AdminCredential }) {
  const decide = useDecideCredential();
  const facts = [
    c.completedOn ? `Completed ${formatMediumDate(c.completedOn) ?? c.completedOn}` : null,
    c.expiresOn ? `Expires ${formatMediumDate(c.expiresOn) ?? c.expiresOn}` : null,
    c.memberNumber ? `Member #${c.memberNumber}` : null,
    c.level ? `Level ${c.level}` : null,
    c.screening === "consider" ? "Screening provider: consider" : null,
  ].filter(Boolean);

  async function verify() {
    try {
      await decide.mutateAsync({ id: c.id });
      toast({ title: "Verified", description: `${c.label} of ${c.coachName} now shows on their profile.`, variant: "success" });
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "Could not verify", variant: "destructive" });
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="verification-item">
      <div className="flex flex-col gap-1">
        <p className="font-semibold break-words text-field-950">
          {c.label} · {c.coachName}
        </p>
        <p className="break-words text-slate-600">
          {c.coachEmail} · sent <time dateTime={c.createdAt}>{formatInstant(c.createdAt)}</time>
        </p>
        {facts.length > 0 ? <p className="text-slate-700">{facts.join(" · ")}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {c.document ? (
          <CredentialDocumentLink credentialId={c.id}>Open document</CredentialDocumentLink>
        ) : (
          <span className="text-slate-600">
            {c.kind === "background_check" ? "Result from the screening provider" : "No document uploaded"}
          </span>
        )}
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <ConfirmDialog
            title="Verify this credential?"
            description={`${c.label} of ${c.coachName} will show on their profile, search card and booking page. The coach is told by e-mail.`}
            confirmLabel="Verify"
            destructive={false}
            onConfirm={verify}
            trigger={
              <Button size="sm" aria-label={`Verify ${c.label} of ${c.coachName}`}>
                <Check aria-hidden /> Verify
              </Button>
            }
          />
          <RejectAction credential={c} />
        </div>
      </div>
    </li>
  );
}

/** Reject with a reason (required; the coach reads it in the e-mail and on the dashboard), on the contract's schema. */
function RejectAction({ credential: c }: { credential: AdminCredential }) {
  const id = useId();
  const decide = useDecideCredential();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(RejectCredentialRequestSchema, { reason: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;
  const reject = form.submit(async ({ reason }) => {
    try {
      await decide.mutateAsync({ id: c.id, reason });
      toast({ title: "Rejected", description: `${c.coachName} is told why.`, variant: "success" });
      setOpen(false);
    } catch (err) {
      if (!form.showServerError(err)) form.setError("reason", { message: err instanceof Error ? err.message : "Could not reject" });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (decide.isPending) return;
        setOpen(next);
        if (next) form.clearErrors();
      }}
    >
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label={`Reject ${c.label} of ${c.coachName}`}>
        <X aria-hidden /> Reject
      </Button>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Reject this credential?</DialogTitle>
          <DialogDescription>
            {c.label} of {c.coachName} stays off their profile. They are mailed your reason and may upload a new document.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void reject(e)}>
          <FormField id={`${id}-reason`} label="Reason for the coach" error={errors.reason?.message}>
            <Textarea maxLength={500} rows={3} {...form.register("reason")} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={decide.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" isLoading={decide.isPending}>
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
