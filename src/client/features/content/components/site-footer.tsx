import { Link } from "wouter";
import { BrandName } from "@client/components/ui/brand-mark";
import { Suspense, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import type { UserType } from "@contract/accounts";

const footerLinkClass =
  "rounded-sm text-sm text-field-100 underline-offset-4 hover:text-accent-300 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";

type FooterLink = { label: string; href: string };

/** The first two columns by who is looking: signed-in users see no login links (issue 29). */
function footerColumns(role: UserType | null): { players: FooterLink[] | null; coaches: FooterLink[] | null } {
  switch (role) {
    case null:
      return {
        players: [
          { label: "Find a Coach", href: "/find-coaches" },
          { label: "Player Login", href: "/login?intent=player" },
        ],
        coaches: [
          { label: "Become a Coach", href: "/login?intent=coach&tab=register" },
          { label: "Coach Login", href: "/login?intent=coach" },
        ],
      };
    case "player":
      return {
        players: [
          { label: "Find a Coach", href: "/find-coaches" },
          { label: "Match with a Coach", href: "/match-coaches" },
          { label: "My Bookings", href: "/my-bookings" },
        ],
        coaches: null,
      };
    case "coach":
      return {
        players: null,
        coaches: [
          { label: "Coach Dashboard", href: "/coach-dashboard" },
          { label: "Time Slots", href: "/manage-slots" },
          { label: "Coach Profile", href: "/coach-setup" },
        ],
      };
    case "admin":
      return {
        players: [{ label: "Find a Coach", href: "/find-coaches" }],
        coaches: [{ label: "Admin Panel", href: "/admin" }],
      };
  }
}

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav aria-label={title} className="flex flex-col gap-2">
      <h2 className="font-display text-sm font-bold tracking-wider text-accent-400 uppercase">{title}</h2>
      {links.map((link) => (
        <Link key={link.href} href={link.href} className={footerLinkClass}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** Links for players, coaches and support, and the Contact Us dialog (player-side 1). */
export function SiteFooter({ userType }: { userType: UserType | null }) {
  const columns = footerColumns(userType);
  return (
    <footer className="mt-auto bg-field-950 text-field-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <BrandName inverted />
          <p className="max-w-xs text-sm text-field-200">Lacrosse coaching for every position and every level, booked in minutes.</p>
        </div>
        {columns.players ? <FooterColumn title="For Players" links={columns.players} /> : null}
        {columns.coaches ? <FooterColumn title="For Coaches" links={columns.coaches} /> : null}
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
        {/* The year of a page the server drew at New Year may be last year's: not a reason to draw it again. */}
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-field-300 sm:px-6" suppressHydrationWarning>
          © {new Date().getFullYear()} LaxCoach. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

// The dialog's form brings react-hook-form and zod: loaded when a visitor reaches for it, not with
// every page (docs/PERFORMANCE.md: the landing page's JavaScript budget).
const loadContactDialog = () => import("./contact-dialog");
const ContactDialog = lazyWithReload(async () => ({ default: (await loadContactDialog()).ContactDialog }));

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
