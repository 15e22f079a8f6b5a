import { Suspense, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import type { Package } from "@contract/packages";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/components/ui/toast";
import { useArchivePackage, useCoachPackages } from "../api/packages";

// The form loads with the first New or Edit, not with the dashboard (its budget, scripts/check-bundle-budget.mjs).
const PackageForm = lazyWithReload(async () => ({ default: (await import("./package-form")).PackageForm }));

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
        {editing !== null ? (
          <Suspense fallback={<Spinner label="Loading..." />}>
            {/* Edit on another package while one is open starts over with that one's terms (the values are read once). */}
            <PackageForm
              key={editing === "new" ? "new" : editing.id}
              initial={editing === "new" ? null : editing}
              onDone={() => setEditing(null)}
            />
          </Suspense>
        ) : null}
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
                  {p.sessionCount} × {p.duration} min {p.sessionType} · families pay ${p.totalAmount} (${p.familyPricePerSession} per
                  session), you receive ${p.price} · valid {p.validDays} days
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
