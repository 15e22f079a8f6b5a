import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";

/**
 * A wizard's "Step n of m" line with its percentage and a progress bar; `step` counts from 1 and
 * `title`, when given, follows the count ("Step 2 of 5: Session Rates").
 */
export function StepProgress({ step, total, title }: { step: number; total: number; title?: string }) {
  const progress = Math.round((step / total) * 100);
  return (
    <>
      <div className="mt-2 flex items-center justify-between text-sm font-semibold text-field-800">
        <span>
          Step {step} of {total}
          {title ? <>: {title}</> : null}
        </span>
        <span>{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2.5 w-full overflow-hidden rounded-full bg-field-100"
      >
        <div className="h-full rounded-full bg-field-600 transition-all" style={{ width: `${progress}%` }} />
      </div>
    </>
  );
}

/** The heading of a wizard step's card: the step's title and what it asks for. */
export function StepCardHeader({ title, description }: { title: string; description: string }) {
  return (
    <CardHeader>
      <CardTitle level={2}>
        <span>{title}</span>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

/** A wizard step's card: its heading, the step's fields, and the row of its buttons (back, next) at the foot. */
export function WizardStepCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <StepCardHeader title={title} description={description} />
      <CardContent className="flex flex-col gap-6">
        {children}
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-5">{actions}</div>
      </CardContent>
    </Card>
  );
}
