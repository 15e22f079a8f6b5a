import { useId, useState, type FormEvent } from "react";
import { CreatePackageRequestSchema, type Package } from "@contract/packages";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { fieldControlClass, Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { toast } from "@client/components/ui/toast";
import { useArchivePackage, useCoachPackages, useCreatePackage, useUpdatePackage } from "../api/packages";

type Draft = {
  title: string;
  sessionType: "individual" | "group";
  duration: string;
  sessionCount: string;
  price: string;
  validDays: string;
};
const EMPTY: Draft = { title: "", sessionType: "individual", duration: "60", sessionCount: "5", price: "", validDays: "90" };

const draftOf = (p: Package): Draft => ({
  title: p.title,
  sessionType: p.sessionType,
  duration: String(p.duration),
  sessionCount: String(p.sessionCount),
  price: p.price,
  validDays: String(p.validDays),
});

/** The coach's dashboard section: create, edit and archive the packages they sell (DESIGN.md 11). */
export function PackageManager({ coachId }: { coachId: number }) {
  const packages = useCoachPackages(coachId);
  const archive = useArchivePackage();
  const [editing, setEditing] = useState<Package | "new" | null>(null);

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>Packages</CardTitle>
        {editing === null ? <Button onClick={() => setEditing("new")}>New package</Button> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {editing !== null ? <PackageForm initial={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}
        {packages.data && packages.data.length === 0 && editing === null ? (
          <p className="text-slate-600">
            Sell sessions in packs (&quot;5 sessions for $350&quot;): families buy credits and book with them.
          </p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {packages.data?.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
              <div>
                <p className="font-semibold">{p.title}</p>
                <p className="text-sm text-slate-600">
                  {p.sessionCount} × {p.duration} min {p.sessionType} · ${p.price} (${p.pricePerSession} per session) · valid {p.validDays}{" "}
                  days
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.title}`}>
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Archive ${p.title}`}
                  isLoading={archive.isPending && archive.variables === p.id}
                  onClick={() =>
                    archive.mutate(p.id, {
                      onSuccess: () =>
                        toast({ title: "Package archived", description: "Credits already bought stay valid.", variant: "success" }),
                      onError: (e) => toast({ title: "Error", description: e.message, variant: "destructive" }),
                    })
                  }
                >
                  Archive
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PackageForm({ initial, onDone }: { initial: Package | null; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      title: draft.title,
      sessionType: draft.sessionType,
      duration: Number(draft.duration),
      sessionCount: draft.sessionCount,
      price: draft.price,
      validDays: draft.validDays,
    };
    const parsed = CreatePackageRequestSchema.safeParse(body);
    if (!parsed.success) {
      toast({ title: "Error", description: parsed.error.issues[0]?.message ?? "Please check the package.", variant: "destructive" });
      return;
    }
    const handlers = {
      onSuccess: () => {
        toast({ title: initial ? "Package updated" : "Package created", variant: "success" as const });
        onDone();
      },
      onError: (err: Error) => toast({ title: "Error", description: err.message, variant: "destructive" as const }),
    };
    const typed = { ...body, duration: body.duration as 30 | 60 };
    if (initial) update.mutate({ id: initial.id, ...typed }, handlers);
    else create.mutate(typed, handlers);
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2" aria-label="Package">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={draft.title} onChange={set("title")} placeholder="5 private sessions" />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-type`}>Session type</Label>
        <select id={`${id}-type`} className={`${fieldControlClass} h-11`} value={draft.sessionType} onChange={set("sessionType")}>
          <option value="individual">Individual</option>
          <option value="group">Group</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-duration`}>Duration</Label>
        <select id={`${id}-duration`} className={`${fieldControlClass} h-11`} value={draft.duration} onChange={set("duration")}>
          <option value="30">30 minutes</option>
          <option value="60">60 minutes</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-count`}>Number of sessions</Label>
        <Input id={`${id}-count`} inputMode="numeric" value={draft.sessionCount} onChange={set("sessionCount")} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-price`}>Package price ($)</Label>
        <Input id={`${id}-price`} inputMode="decimal" value={draft.price} onChange={set("price")} placeholder="350.00" />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-valid`}>Valid for (days)</Label>
        <Input id={`${id}-valid`} inputMode="numeric" value={draft.validDays} onChange={set("validDays")} />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {initial ? "Save package" : "Create package"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
