import { Link } from "wouter";
import { BrandName } from "@client/components/ui/brand-mark";
import { lazy, Suspense, useState } from "react";

const footerLinkClass =
  "rounded-sm text-sm text-field-100 underline-offset-4 hover:text-accent-300 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";

/** Links for players, coaches and support, and the Contact Us dialog (player-side 1). */
export function SiteFooter() {
  return (
    <footer className="mt-auto bg-field-950 text-field-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <BrandName inverted />
          <p className="max-w-xs text-sm text-field-200">Lacrosse coaching for every position and every level, booked in minutes.</p>
        </div>
        <nav aria-label="For players" className="flex flex-col gap-2">
          <h2 className="font-display text-sm font-bold tracking-wider text-accent-400 uppercase">For Players</h2>
          <Link href="/find-coaches" className={footerLinkClass}>
            Find a Coach
          </Link>
          <Link href="/match-coaches" className={footerLinkClass}>
            Match with a Coach
          </Link>
          <Link href="/login?intent=player" className={footerLinkClass}>
            Player Login
          </Link>
        </nav>
        <nav aria-label="For coaches" className="flex flex-col gap-2">
          <h2 className="font-display text-sm font-bold tracking-wider text-accent-400 uppercase">For Coaches</h2>
          <a href="/api/login?intent=coach" className={footerLinkClass}>
            Become a Coach
          </a>
          <Link href="/login?intent=coach" className={footerLinkClass}>
            Coach Login
          </Link>
          <Link href="/coach-dashboard" className={footerLinkClass}>
            Coach Dashboard
          </Link>
        </nav>
        <nav aria-label="Support" className="flex flex-col items-start gap-2">
          <h2 className="font-display text-sm font-bold tracking-wider text-accent-400 uppercase">Support</h2>
          <a href="/landing#help" className={footerLinkClass}>
            Help Center
          </a>
          <LazyContactDialog className={`${footerLinkClass} cursor-pointer text-left`} />
          <Link href="/terms-of-service" className={footerLinkClass}>
            Terms of Service
          </Link>
          <Link href="/privacy-policy" className={footerLinkClass}>
            Privacy Policy
          </Link>
        </nav>
      </div>
      <div className="border-t border-field-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-field-300 sm:px-6">
          © {new Date().getFullYear()} LaxCoach. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

// The dialog's form brings react-hook-form and zod: loaded when a visitor reaches for it, not with
// every page (docs/PERFORMANCE.md: the landing page's JavaScript budget).
const loadContactDialog = () => import("./contact-dialog");
const ContactDialog = lazy(async () => ({ default: (await loadContactDialog()).ContactDialog }));

function LazyContactDialog({ className }: { className: string }) {
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <button
      type="button"
      className={className}
      onClick={onClick}
      onPointerEnter={() => void loadContactDialog()}
      onFocus={() => void loadContactDialog()}
    >
      Contact Us
    </button>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <ContactDialog trigger={button()} initiallyOpen />
    </Suspense>
  );
}
