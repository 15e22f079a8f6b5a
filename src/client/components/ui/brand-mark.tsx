/** Class lists joined; no utility here conflicts with another, so no merging is needed (and none is loaded). */
const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

/** The product's mark: a lacrosse stick head on a field-green tile (same drawing as the favicon). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={join("size-8 shrink-0", className)}>
      <rect width="64" height="64" rx="14" fill="var(--color-field-800)" />
      <circle cx="40" cy="22" r="9" fill="none" stroke="var(--color-accent-400)" strokeWidth="4" />
      <path d="M34 29 18 50" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

export function BrandName({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={join("inline-flex items-center gap-1.5 sm:gap-2", className)}>
      <BrandMark />
      <span
        className={join("font-display text-lg font-bold tracking-tight uppercase sm:text-xl", inverted ? "text-white" : "text-field-950")}
      >
        Lax<span className={inverted ? "text-accent-400" : "text-field-600"}>Coach</span>
      </span>
    </span>
  );
}
