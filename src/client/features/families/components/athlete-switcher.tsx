import { Link } from "wouter";
import { fullName } from "@contract/names";
import { cn } from "@client/lib/cn";

type SwitcherAthlete = { id: number; firstName: string; lastName: string };

type Props = {
  athletes: readonly SwitcherAthlete[] | undefined;
  currentId: number | null;
  /** What the group is called for screen readers ("Switch athlete", "Match for"). */
  label: string;
} & ({ hrefFor: (athleteId: number) => string; onSelect?: never } | { onSelect: (athleteId: number) => void; hrefFor?: never });

const pill = (isCurrent: boolean) =>
  cn(
    "inline-flex min-h-10 items-center rounded-full border-2 px-4 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none",
    isCurrent ? "border-field-700 bg-field-700 text-white" : "border-slate-300 bg-white text-field-900 hover:border-field-500",
  );

/**
 * The family's athletes as a row of pills (DESIGN.md 11): links from one athlete's page to the
 * same page of another (`hrefFor`), or buttons that choose whom a page is for (`onSelect`).
 * A family with one athlete has nothing to switch between, so nothing shows.
 */
export function AthleteSwitcher({ athletes, currentId, label, hrefFor, onSelect }: Props) {
  if (!athletes || athletes.length < 2) return null;
  const items = athletes.map((a) => {
    const isCurrent = a.id === currentId;
    const name = fullName(a);
    return (
      <li key={a.id}>
        {hrefFor ? (
          <Link href={hrefFor(a.id)} aria-current={isCurrent ? "page" : undefined} className={pill(isCurrent)}>
            {name}
          </Link>
        ) : (
          <button type="button" aria-pressed={isCurrent} onClick={() => onSelect(a.id)} className={pill(isCurrent)}>
            {name}
          </button>
        )}
      </li>
    );
  });
  const list = <ul className="flex flex-wrap gap-2">{items}</ul>;
  return hrefFor ? (
    <nav aria-label={label} data-testid="athlete-switcher">
      {list}
    </nav>
  ) : (
    <div role="group" aria-label={label} data-testid="athlete-switcher">
      {list}
    </div>
  );
}
