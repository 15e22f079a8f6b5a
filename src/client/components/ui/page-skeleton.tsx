/**
 * What a page shows while its chunk loads: the shape of a page (a title, a block of text, cards),
 * not a blank screen or a lone spinner, so the layout does not jump when the content arrives.
 */
export function PageSkeleton({ label = "Loading page" }: { label?: string }) {
  return (
    <div role="status" aria-busy="true" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6" data-testid="page-skeleton">
      <span className="sr-only">{label}</span>
      <div aria-hidden className="h-9 w-2/3 max-w-md animate-pulse rounded-lg bg-slate-200" />
      <div aria-hidden className="flex flex-col gap-2">
        <div className="h-4 w-full max-w-2xl animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-5/6 max-w-xl animate-pulse rounded bg-slate-200" />
      </div>
      <div aria-hidden className="grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-32 animate-pulse rounded-2xl border border-slate-200 bg-white" />
        ))}
      </div>
    </div>
  );
}
