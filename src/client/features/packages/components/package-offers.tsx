import { FEE_INCLUDED_NOTE } from "@contract/money";
import type { Package } from "@contract/packages";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { useCoachPackages } from "../api/packages";

const kindLabel = (p: Pick<Package, "sessionType" | "duration">) =>
  `${p.duration}-minute ${p.sessionType === "group" ? "group" : "private"} sessions`;

/**
 * A coach's packages as families see them (DESIGN.md 12): the family's price, fee included, beside
 * the family price of the single sessions it replaces and the saving.
 */
export function PackageOffers({ coachId, onBuy }: { coachId: number; onBuy?: (pkg: Package) => void }) {
  const packages = useCoachPackages(coachId);
  if (!packages.data || packages.data.length === 0) return null;
  return (
    <section aria-labelledby="packages-heading" className="flex flex-col gap-3">
      <h2 id="packages-heading" className="text-lg font-semibold text-field-950">
        Packages
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.data.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4" aria-label={p.title}>
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-field-950">{p.title}</p>
              {p.familySaving ? <Badge variant="success">Save ${p.familySaving}</Badge> : null}
            </div>
            <p className="text-sm text-slate-600">
              {p.sessionCount} × {kindLabel(p)}, valid {p.validDays} days
            </p>
            <p className="text-sm">
              <span className="text-xl font-bold text-field-950">${p.totalAmount}</span>{" "}
              <span className="text-slate-600">
                (${p.familyPricePerSession} per session{p.singleSessionFamilyPrice ? ` instead of $${p.singleSessionFamilyPrice}` : ""})
              </span>
            </p>
            <p className="text-xs text-slate-500">{FEE_INCLUDED_NOTE}</p>
            {onBuy ? (
              <Button className="self-start" onClick={() => onBuy(p)} aria-label={`Buy ${p.title}`}>
                Buy
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
