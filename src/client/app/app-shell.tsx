import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { UserType } from "../../contract/accounts";
import { addAthleteHref, paths } from "../config/paths";
import { useCurrentUser } from "../lib/current-user";
import { useShowApp } from "../lib/first-screen";
import { SiteFooter } from "../features/content/components/site-footer";
import { Header, HomeLink } from "./shell";
import { SignOutButton } from "../features/accounts/components/sign-out-button";
import { VerifyEmailNotice } from "../features/accounts/components/verify-email-notice";

/**
 * The signed-in shell, in a chunk of its own (vite.config.ts: "account"): a visitor's first screen
 * does not load it, and a signed-in user's HTML names it beside the entry (http/client-assets.ts).
 */

type NavItem = { label: string; href: string };

// The unread count beside "Messages" (its query and the message socket) loads with the signed-in shell.
const LazyUnreadBadge = lazy(async () => ({ default: (await import("../features/messages/components/unread-badge")).UnreadBadge }));
function UnreadBadge() {
  return (
    <Suspense fallback={null}>
      <LazyUnreadBadge />
    </Suspense>
  );
}

/** player-side 2, navigation bar. */
const navByRole: Record<UserType, NavItem[]> = {
  admin: [
    { label: "Home", href: paths.root },
    { label: "Admin Panel", href: paths.admin },
    { label: "Reported Messages", href: paths.messages() },
    { label: "Find Training", href: paths.findCoaches },
  ],
  // DESIGN 11: what a coach works with, never "Find a Coach".
  coach: [
    { label: "Dashboard", href: paths.coachDashboard },
    { label: "Bookings", href: paths.myBookings },
    { label: "Time Slots", href: paths.manageSlots },
    { label: "Messages", href: paths.messages() },
    { label: "Profile", href: paths.coachSetup },
  ],
  player: [
    { label: "Home", href: paths.root },
    { label: "Find Training", href: paths.findCoaches },
    { label: "My Bookings", href: paths.myBookings },
    { label: "My Requests", href: paths.mySessionRequests },
    { label: "Messages", href: paths.messages() },
    { label: "My Profile", href: paths.playerProfile },
  ],
};

/** No merging library on the first screen: the active and idle looks are complete class lists. */
const navLinkBase =
  "rounded-lg px-3 font-semibold transition-colors hover:bg-field-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";
const navLinkClass = (active: boolean, mobile = false) =>
  `${navLinkBase} ${mobile ? "py-3 text-base" : "py-2 text-sm"} ${active ? "bg-field-700 text-accent-300" : "text-field-50"}`;

/** The player's account menu (DESIGN.md 11): the family, and "Add an athlete" one step away. */
const accountItems: NavItem[] = [
  { label: "My Family", href: paths.family },
  { label: "Add an athlete", href: addAthleteHref },
];

function AccountMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);
  return (
    <div className="relative">
      <button
        type="button"
        className={navLinkClass(false)}
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Account
      </button>
      {open ? (
        <div
          id="account-menu"
          className="absolute right-0 z-40 mt-2 flex w-48 flex-col rounded-lg bg-field-900 p-1 shadow-lg ring-1 ring-field-700"
        >
          {accountItems.map((item) => (
            <Link key={item.label} href={item.href} className={navLinkClass(false)} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The signed-in layout: a navigation bar for the user's role, the page, and the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navByRole[user?.userType ?? "player"];
  useShowApp();

  // A link chosen in the mobile menu closes it.
  useEffect(() => setMenuOpen(false), [location]);

  const isActive = (href: string) => (href === paths.root ? location === href : location.startsWith(href));

  return (
    <div className="flex min-h-dvh flex-col">
      <Header>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <HomeLink href={paths.root} />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {items.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={isActive(item.href) ? "page" : undefined}
                className={navLinkClass(isActive(item.href))}
              >
                {item.label}
                {item.href === paths.messages() && user?.userType !== "admin" ? <UnreadBadge /> : null}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center gap-3 md:flex">
            {user?.firstName ? <span className="text-sm text-field-100">Hi, {user.firstName}</span> : null}
            {user?.userType === "player" ? <AccountMenu /> : null}
            <SignOutButton variant="accent" />
          </div>
          <button
            type="button"
            className="rounded-lg p-2 text-white hover:bg-field-800 focus-visible:outline-2 focus-visible:outline-accent-400 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
        {menuOpen ? (
          <nav id="mobile-menu" aria-label="Main" className="border-t border-field-800 px-4 pt-2 pb-4 md:hidden">
            <div className="flex flex-col gap-1">
              {items.map((item) => (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={isActive(item.href) ? "page" : undefined}
                  className={navLinkClass(isActive(item.href), true)}
                >
                  {item.label}
                  {item.href === paths.messages() && user?.userType !== "admin" ? <UnreadBadge /> : null}
                </Link>
              ))}
            </div>
            {user?.userType === "player" ? (
              <div className="mt-2 flex flex-col gap-1 border-t border-field-800 pt-2">
                {accountItems.map((item) => (
                  <Link key={item.label} href={item.href} className={navLinkClass(false, true)}>
                    {item.label}
                  </Link>
                ))}
              </div>
            ) : null}
            <SignOutButton variant="accent" size="md" className="mt-3 w-full" />
          </nav>
        ) : null}
      </Header>
      {user ? <VerifyEmailNotice user={user} /> : null}
      {/* At least a screen tall: the footer starts below the first screen, so content that loads in does not push it (layout shift). */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <SiteFooter userType={user?.userType ?? null} />
    </div>
  );
}
