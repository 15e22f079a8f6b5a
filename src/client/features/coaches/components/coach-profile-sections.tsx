import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { POSITIONS, type Position } from "@contract/coach-basics";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { cn } from "@client/lib/cn";
import { useDownloadPromoGraphic } from "../api/download-promo-graphic";
import { toastFailure } from "@client/lib/toast-failure";

/** The profile page's parts that hold no form state of their own. */

/** The positions as pressed/unpressed buttons. */
export function PositionToggles({ positions, onChange }: { positions: readonly Position[]; onChange: (positions: Position[]) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Positions you coach</legend>
      <div className="flex flex-wrap gap-2">
        {POSITIONS.map((position) => {
          const on = positions.includes(position);
          return (
            <button
              key={position}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? positions.filter((p) => p !== position) : [...positions, position])}
              className={cn(
                "cursor-pointer rounded-full border-2 px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none",
                on ? "border-field-700 bg-field-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-field-600",
              )}
            >
              {position}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function PromoGraphicSection({ coachId }: { coachId: number | null }) {
  const download = useDownloadPromoGraphic();
  async function generate() {
    if (coachId === null) return;
    try {
      await download.mutateAsync(coachId);
    } catch (error) {
      toastFailure(error, "Error", "Failed to generate promotional graphic. Please try again.");
    }
  }
  return (
    <Section
      title="Promotional Graphic"
      description="A 1080x1080 image with your name, photo, positions and rates, ready for social media."
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="button" variant="accent" onClick={() => void generate()} disabled={coachId === null} isLoading={download.isPending}>
          <Download aria-hidden />
          Download Promotional Graphic
        </Button>
        {coachId === null ? <p className="text-sm text-slate-600">Save your profile first to create your graphic.</p> : null}
      </div>
    </Section>
  );
}
