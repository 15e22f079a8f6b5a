import { Suspense, useEffect, useState } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link, useLocation, useSearch } from "wouter";
import { AGE_GROUP_LABELS } from "@contract/players";
import type { Athlete, Guardian } from "@contract/families";
import { athleteName } from "@contract/family-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import {
  useAthletes,
  useCreateAthlete,
  useDeleteAthlete,
  useGuardians,
  useHandOverOwnership,
  useInvitations,
  useRemoveGuardian,
  useRevokeInvitation,
  useUpdateAthlete,
} from "../../features/families/api/families";
import { AthleteForm } from "../../features/families/components/athlete-form";
import { messageOr } from "../../lib/handle-unauthorized";
import { fullName } from "@contract/names";

// The dialog library loads just after the page (the guardians' buttons appear with it), as the
// form library does for the invitation and athlete forms (athlete-form.tsx).
const ConfirmDialog = lazyWithReload(async () => ({ default: (await import("../../components/ui/dialog")).ConfirmDialog }));

// The form library loads after the page, as the athlete form's does (athlete-form.tsx).
const InviteGuardianForm = lazyWithReload(async () => ({
  default: (await import("../../features/families/components/invite-guardian-form")).InviteGuardianForm,
}));

const failed = (title: string) => (error: unknown) => toast({ title, description: messageOr(error, title), variant: "destructive" });

function ageLine(a: Athlete): string {
  return [a.age !== null ? `Age ${a.age}` : null, a.ageGroup ? AGE_GROUP_LABELS[a.ageGroup] : null, a.position].filter(Boolean).join(" · ");
}

/** GET /api/athletes/{id}/export, saved by the browser as a JSON file (the answer is an attachment). */
function downloadData(athleteId: number) {
  const link = document.createElement("a");
  link.href = `/api/athletes/${athleteId}/export`;
  link.download = `athlete-${athleteId}.json`;
  link.click();
}

function AthleteRow({ athlete, canRemove }: { athlete: Athlete; canRemove: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAthlete();
  const remove = useDeleteAthlete();
  const name = athleteName(athlete);
  if (editing) {
    return (
      <li className="rounded-lg border p-4">
        <AthleteForm
          athlete={athlete}
          submitLabel="Save athlete"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            update.mutate(
              { id: athlete.id, body },
              {
                onSuccess: () => (setEditing(false), toast({ title: "Athlete saved", variant: "success" })),
                onError: failed("Could not save"),
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
      <div className="min-w-0 break-words">
        <Link href={paths.athlete(athlete.id)} className="font-semibold text-field-800 underline-offset-2 hover:underline">
          {name}
        </Link>
        {athlete.isPrimary ? <span className="ml-2 text-xs text-slate-500">(account profile)</span> : null}
        <p className="text-sm text-slate-600">{ageLine(athlete)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        {/* DESIGN.md 12: everything held about the athlete, saved as a JSON file. */}
        <Button type="button" size="sm" variant="outline" onClick={() => downloadData(athlete.id)} aria-label={`Download data of ${name}`}>
          Download data
        </Button>
        {canRemove ? (
          <Suspense fallback={null}>
            <ConfirmDialog
              title={`Delete ${name}?`}
              description={`This erases ${name}'s profile: name, birthday, school, photo, notes, progress and the coaches' feedback. Payments, refunds and credits stay in the records, anonymised, as the law requires. This cannot be undone.`}
              confirmLabel="Delete athlete"
              onConfirm={() =>
                remove
                  .mutateAsync(athlete.id)
                  .then(() => toast({ title: "Athlete deleted", description: `${name}'s personal data was erased.`, variant: "success" }))
                  .catch(failed("Could not delete the athlete"))
              }
              trigger={
                <Button type="button" size="sm" variant="outline" aria-label={`Delete athlete ${name}`}>
                  Delete athlete
                </Button>
              }
            />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}

function GuardianRow({ guardian, isOwnerMe, count }: { guardian: Guardian; isOwnerMe: boolean; count: number }) {
  const remove = useRemoveGuardian();
  const handOver = useHandOverOwnership();
  const name = fullName(guardian) || guardian.email;
  const act = async (run: () => Promise<{ message: string }>, failure: string) => {
    try {
      const r = await run();
      toast({ title: r.message, variant: "success" });
    } catch (error) {
      failed(failure)(error);
    }
  };
  const mayLeave = guardian.isMe && !guardian.isOwner && count > 1;
  const mayRemove = isOwnerMe && !guardian.isMe && !guardian.isOwner;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {name}
          {guardian.isMe ? " (you)" : ""}
          {guardian.isOwner ? (
            <span className="ml-2 rounded bg-field-100 px-2 py-0.5 text-xs font-semibold text-field-800">Owner</span>
          ) : null}
        </p>
        <p className="text-sm break-all text-slate-600">{guardian.email}</p>
      </div>
      <Suspense fallback={null}>
        <div className="flex flex-wrap gap-2">
          {mayRemove ? (
            <ConfirmDialog
              title="Make owner?"
              description={`${name} will own the family: they invite and remove guardians. You stay a guardian.`}
              confirmLabel="Make owner"
              destructive={false}
              onConfirm={() => act(() => handOver.mutateAsync(guardian.userId), "Could not hand over")}
              trigger={
                <Button type="button" size="sm" variant="outline" aria-label={`Make owner: ${name}`}>
                  Make owner
                </Button>
              }
            />
          ) : null}
          {mayRemove ? (
            <ConfirmDialog
              title="Remove guardian?"
              description={`${name} will no longer see, book or pay for the family's sessions. Every guardian is told by e-mail.`}
              confirmLabel="Remove"
              onConfirm={() => act(() => remove.mutateAsync(guardian.userId), "Could not remove the guardian")}
              trigger={
                <Button type="button" size="sm" variant="outline" aria-label={`Remove ${name}`}>
                  Remove
                </Button>
              }
            />
          ) : null}
          {mayLeave ? (
            <ConfirmDialog
              title="Leave family?"
              description="You will no longer see, book or pay for this family's sessions. Every guardian is told by e-mail."
              confirmLabel="Leave family"
              onConfirm={() => act(() => remove.mutateAsync(guardian.userId), "Could not leave the family")}
              trigger={
                <Button type="button" size="sm" variant="outline">
                  Leave family
                </Button>
              }
            />
          ) : null}
        </div>
      </Suspense>
    </li>
  );
}

function Guardians() {
  const guardians = useGuardians();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const list = guardians.data ?? [];
  const isOwnerMe = list.some((g) => g.isMe && g.isOwner);
  const owner = list.find((g) => g.isOwner);

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Guardians</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {guardians.isSuccess ? (
          <p className="text-sm text-slate-600">
            {owner
              ? `${owner.isMe ? "You own" : `${fullName(owner) || owner.email} owns`} this family: only the owner invites and removes guardians.`
              : "Your parent or guardian will own this family once they accept their invitation."}
          </p>
        ) : null}
        <ul className="grid gap-2">
          {list.map((g) => (
            <GuardianRow key={g.userId} guardian={g} isOwnerMe={isOwnerMe} count={list.length} />
          ))}
        </ul>
        {isOwnerMe && (invitations.data ?? []).length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold">Invitations waiting for an answer</h3>
            <ul className="mt-2 grid gap-2">
              {(invitations.data ?? []).map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="break-all">{i.email}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => revoke.mutate(i.id, { onError: failed("Could not withdraw") })}
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {isOwnerMe ? (
          <Suspense fallback={<Spinner label="Loading..." />}>
            <InviteGuardianForm />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /family (DESIGN.md 11, 12): the family's athletes (list, add, edit, remove) and its guardians (the owner invites, removes, hands over; others leave). */
export function FamilyPage() {
  const adding = new URLSearchParams(useSearch()).get("add") === "athlete";
  const [, navigate] = useLocation();
  const [showForm, setShowForm] = useState(adding);
  // "Add an athlete" from the account menu opens the form, also when this page is already open.
  useEffect(() => {
    if (adding) setShowForm(true);
  }, [adding]);
  // Each add starts a fresh form (several children in one sitting).
  const [formKey, setFormKey] = useState(0);
  const athletes = useAthletes();
  const create = useCreateAthlete();
  const list = athletes.data ?? [];

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8">
      <PageHeader title="My Family" lead="Your athletes, and the guardians who book and pay for them." />
      <Card>
        <CardHeader>
          <CardTitle level={2}>Athletes</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {athletes.isPending ? (
              // A row's height while the family loads (every family has its first athlete), so the
              // guardians below do not jump when it arrives.
              <li className="rounded-lg border p-4" aria-busy="true">
                <span className="sr-only">Loading athletes...</span>
                <div className="h-6 w-40 animate-pulse rounded bg-slate-100" aria-hidden />
                <div className="h-5 w-28 animate-pulse rounded bg-slate-100" aria-hidden />
              </li>
            ) : null}
            {list.map((a) => (
              <AthleteRow key={a.id} athlete={a} canRemove={list.length > 1} />
            ))}
          </ul>
          {showForm ? (
            <div className="rounded-lg border p-4">
              <h3 className="mb-3 font-semibold">Add an athlete</h3>
              <AthleteForm
                key={formKey}
                submitLabel="Add athlete"
                pending={create.isPending}
                onCancel={() => {
                  setShowForm(false);
                  if (adding) navigate(paths.family, { replace: true });
                }}
                onSubmit={(body) =>
                  create.mutate(body, {
                    onSuccess: (a) => {
                      toast({ title: "Athlete added", description: `${athleteName(a)} is part of your family.`, variant: "success" });
                      setShowForm(false);
                      setFormKey((k) => k + 1);
                      if (adding) navigate(paths.family, { replace: true });
                    },
                    onError: failed("Could not add the athlete"),
                  })
                }
              />
            </div>
          ) : (
            <Button type="button" variant="outline" onClick={() => setShowForm(true)} disabled={list.length >= 10}>
              {list.length > 1 ? "Add another athlete" : "Add an athlete"}
            </Button>
          )}
        </CardContent>
      </Card>
      <Guardians />
    </div>
  );
}
