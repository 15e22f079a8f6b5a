import type { ReactNode } from "react";

/** A setup wizard's heading, lead and width; the coach's sits on a tinted page. */
export type WizardFrameProps = { title: string; lead: string; width: "max-w-2xl" | "max-w-3xl"; tinted?: boolean };

/**
 * A setup wizard's page around its step: the heading and lead, then what follows them in the
 * header (the step's progress) and the step itself. The wizard, its loading state and its first
 * screen (WizardSkeleton) draw the same frame, so the heading does not move as each comes in.
 */
export function WizardFrame({
  title,
  lead,
  width,
  tinted = false,
  progress,
  children,
}: WizardFrameProps & { progress?: ReactNode; children: ReactNode }) {
  const page = (
    <div className={`mx-auto flex w-full ${width} flex-col gap-6 px-4 py-8 sm:px-6`}>
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">{title}</h1>
        <p className="text-slate-600">{lead}</p>
        {progress}
      </header>
      {children}
    </div>
  );
  return tinted ? <div className="min-h-dvh bg-field-50/40">{page}</div> : page;
}

/** A wizard's frame with the shape of a step while its code or its data loads. */
export function WizardSkeleton({ label = "Loading page", ...frame }: WizardFrameProps & { label?: string }) {
  return (
    <WizardFrame {...frame}>
      <div
        role="status"
        aria-busy="true"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
        data-testid="page-skeleton"
      >
        <span className="sr-only">{label}</span>
        <div aria-hidden className="h-7 w-1/2 animate-pulse rounded-lg bg-slate-200" />
        <div aria-hidden className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
        <div aria-hidden className="h-40 animate-pulse rounded-xl bg-slate-100" />
      </div>
    </WizardFrame>
  );
}
