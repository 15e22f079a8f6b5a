import { Plus, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { Credential, CredentialKind } from "@contract/credentials";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { toast } from "@client/components/ui/toast";
import { addDaysTo, formatMediumDate, todayIn } from "@client/lib/when";
import { useDeleteCredential, useMyCredentials, useStartBackgroundCheck, useUploadCredentialDocument } from "../api/credentials";
import { CredentialDocumentLink } from "./credential-document-link";
import { CredentialForm, DOCUMENT_ACCEPT, documentProblem, type FormKind } from "./credential-form";

/** A credential is due when it expires within this many days (the coach's 30-day mail says the same). */
const DUE_WITHIN_DAYS = 30;

const dateText = (date: string | null) => (date ? (formatMediumDate(date) ?? date) : null);

/** The status in words (never colour alone): pending, verified (until), rejected with its reason, expired. */
export function statusText(c: Credential): string {
  switch (c.status) {
    case "pending":
      if (c.screening === "running") return "Pending: the background check is running";
      if (c.screening === "consider") return "Pending: an admin is reviewing the result";
      return "Pending review";
    case "verified":
      return c.expiresOn ? `Verified · valid until ${dateText(c.expiresOn)}` : "Verified";
    case "rejected":
      return `Rejected: ${c.rejectionReason ?? "no reason given"}`;
    case "expired":
      return `Expired on ${dateText(c.expiresOn)}`;
  }
}

const STATUS_VARIANT = { pending: "warning", verified: "success", rejected: "destructive", expired: "outline" } as const;

/**
 * What needs renewing: each kind whose newest decided credential is verified and expires within 30
 * days, or has expired, with nothing newer waiting for review.
 */
export function dueCredentials(credentials: readonly Credential[], today: string): Credential[] {
  const soon = addDaysTo(today, DUE_WITHIN_DAYS);
  const due: Credential[] = [];
  const kinds = new Set(credentials.map((c) => c.kind));
  for (const kind of kinds) {
    const ofKind = credentials.filter((c) => c.kind === kind);
    if (ofKind.some((c) => c.status === "pending")) continue;
    const current = ofKind.filter((c) => c.status === "verified" && (c.expiresOn === null || c.expiresOn > today));
    if (current.some((c) => c.expiresOn === null || c.expiresOn > soon)) continue;
    const latest = [...current, ...ofKind.filter((c) => c.status === "expired")].sort((a, b) =>
      (b.expiresOn ?? "").localeCompare(a.expiresOn ?? ""),
    )[0];
    if (latest) due.push(latest);
  }
  return due;
}

/**
 * The coach dashboard's "Verification" section (DESIGN 12): each credential's status, what is due
 * with a one-click renewal, the add form (dates, number, level, document) and the background check.
 */
export function VerificationSection() {
  const credentials = useMyCredentials();
  const [adding, setAdding] = useState<FormKind | null>(null);
  const start = useStartBackgroundCheck();
  const list = credentials.data ?? [];
  const today = todayIn(null);
  const due = dueCredentials(list, today);
  const checkWaiting = list.some((c) => c.kind === "background_check" && c.status === "pending");

  function startCheck() {
    start.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Background check started", description: "Our screening provider e-mails you the next steps.", variant: "success" }),
      onError: (err) => toast({ title: "Error", description: err.message, variant: "destructive" }),
    });
  }
  const renew = (kind: CredentialKind) => (kind === "background_check" ? startCheck() : setAdding(kind as FormKind));

  return (
    <section aria-labelledby="verification-heading" className="flex flex-col gap-4" data-testid="verification-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="verification-heading" className="font-display text-2xl font-bold text-field-950 uppercase">
            Verification
          </h2>
          <p className="text-sm text-slate-600">
            Families see &ldquo;SafeSport trained · background checked&rdquo; on your profile once both are verified.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setAdding("safesport")}>
            <Plus aria-hidden /> Add credential
          </Button>
          <Button size="sm" onClick={startCheck} isLoading={start.isPending} disabled={checkWaiting}>
            <ShieldCheck aria-hidden /> Start background check
          </Button>
        </div>
      </div>

      {due.length > 0 ? (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">Due for renewal</p>
          <ul className="flex flex-col gap-2">
            {due.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {c.label}: {c.status === "expired" ? "expired on" : "expires on"} {dateText(c.expiresOn)}
                </span>
                <Button size="sm" variant="outline" onClick={() => renew(c.kind)} aria-label={`Renew ${c.label}`}>
                  Renew
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {credentials.isLoading ? (
            <p className="text-sm text-slate-600">Loading your credentials...</p>
          ) : credentials.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Could not load your credentials. Please try again.
            </p>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">
              No credentials yet. Add your SafeSport training and start a background check to show families you are screened.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200">
              {list.map((c) => (
                <CredentialRow key={c.id} credential={c} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Dialog open={adding !== null} onOpenChange={(open) => !open && setAdding(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add a credential</DialogTitle>
            <DialogDescription>An admin checks it against its document before families see it.</DialogDescription>
          </DialogHeader>
          {adding !== null ? <CredentialForm kind={adding} onDone={() => setAdding(null)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function CredentialRow({ credential: c }: { credential: Credential }) {
  const upload = useUploadCredentialDocument();
  const remove = useDeleteCredential();
  const inputId = `credential-document-${c.id}`;
  const canUpload = c.kind !== "background_check" && (c.status === "pending" || c.status === "rejected");
  function choose(file: File | null) {
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    upload.mutate(
      { id: c.id, file },
      {
        onSuccess: () => toast({ title: "Document uploaded", variant: "success" }),
        onError: (err) => toast({ title: "Error", description: err.message, variant: "destructive" }),
      },
    );
  }
  const details = [
    c.completedOn ? `Completed ${dateText(c.completedOn)}` : null,
    c.memberNumber ? `Member #${c.memberNumber}` : null,
    c.level ? `Level ${c.level}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="credential">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-field-950">{c.label}</p>
        <Badge variant={STATUS_VARIANT[c.status]} className="w-fit whitespace-normal">
          {statusText(c)}
        </Badge>
        {details.length > 0 ? <p className="text-xs text-slate-600">{details.join(" · ")}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {c.document ? (
          <CredentialDocumentLink credentialId={c.id} className="text-sm">
            View document
          </CredentialDocumentLink>
        ) : null}
        {canUpload ? (
          <>
            <label
              htmlFor={inputId}
              className="inline-flex h-9 cursor-pointer items-center rounded-lg border-2 border-field-700 px-3 text-sm font-semibold text-field-800 hover:bg-field-50 has-[+input:focus-visible]:ring-2 has-[+input:focus-visible]:ring-accent-400"
            >
              {upload.isPending ? "Uploading..." : c.document ? "Replace document" : "Upload document"}
            </label>
            <input
              id={inputId}
              type="file"
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              aria-label={`${c.document ? "Replace" : "Upload"} document for ${c.label}`}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </>
        ) : null}
        {c.status !== "verified" ? (
          <ConfirmDialog
            title={`Remove ${c.label}?`}
            description="The credential and its document are deleted. You can add it again at any time."
            confirmLabel="Remove"
            onConfirm={() =>
              remove.mutateAsync(c.id).catch((err: unknown) =>
                toast({
                  title: "Error",
                  description: err instanceof Error ? err.message : "Could not remove it",
                  variant: "destructive",
                }),
              )
            }
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Remove ${c.label}`}>
                Remove
              </Button>
            }
          />
        ) : null}
      </div>
    </li>
  );
}
