import { Menu, X } from "lucide-react";
import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { lazyWithReload } from "../lib/lazy-with-reload";
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
const LazyUnreadBadge = lazyWithReload(async () => ({
  default: (await import("../features/messages/components/unread-badge")).UnreadBadge,
}));
function UnreadBadge() {
  return (
    <Suspense fallback={null}>
      <LazyUnreadBadge />
    </Suspense>
  );
}

/**
 * player-side 2, navigation bar, with DESIGN 12's changes: the spec's labels, then Messages and (for
 * a family) My Family beside them; the profile and "Sign Out" live in the account menu, so the bar
 * fits one line at 1280 px.
 */
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
  ],
  player: [
    { label: "Home", href: paths.root },
    { label: "Find Training", href: paths.findCoaches },
    { label: "My Bookings", href: paths.myBookings },
    { label: "My Requests", href: paths.mySessionRequests },
    { label: "Messages", href: paths.messages() },
    { label: "My Family", href: paths.family },
  ],
};

/** No merging library on the first screen: the active and idle looks are complete class lists. */
const navLinkBase =
  "rounded-lg px-3 font-semibold whitespace-nowrap transition-colors hover:bg-field-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";
const navLinkClass = (active: boolean, mobile = false) =>
  `${navLinkBase} ${mobile ? "py-3 text-base" : "py-2 text-sm"} ${active ? "bg-field-700 text-accent-300" : "text-field-50"}`;

/**
 * The account menu (DESIGN.md 11, 12): the profile, for a family "Add an athlete" one step away, the
 * schedule kept for the field, the notification settings, and "Sign Out" last.
 */
const pocketItems: NavItem[] = [
  { label: "My Schedule", href: paths.schedule },
  { label: "Notifications", href: paths.notificationSettings },
];
const accountItemsOf = (userType: UserType | undefined): NavItem[] =>
  userType === "player"
    ? [{ label: "My Profile", href: paths.playerProfile }, { label: "Add an athlete", href: addAthleteHref }, ...pocketItems]
    : userType === "coach"
      ? [{ label: "Profile", href: paths.coachSetup }, ...pocketItems]
      : pocketItems;

const menuItemClass =
  "rounded-md px-3 py-2 text-left text-sm font-semibold text-field-900 hover:bg-field-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-field-700";

/**
 * A disclosure of links (not an ARIA menu: its items stay links and buttons). Enter or Space on the
 * button opens it and moves focus to its first item; Escape closes it and gives focus back to the
 * button; focus or a click leaving it closes it.
 */
function AccountMenu({ name, accountItems }: { name: string; accountItems: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>("#account-menu a, #account-menu button")?.focus();
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={`${navLinkClass(open)} inline-flex items-center gap-2`}
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden className="flex size-5 items-center justify-center rounded-full bg-accent-400 text-xs font-bold text-field-950">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{name}</span>
        <span className="sr-only">, account menu</span>
        {/* A chevron drawn with borders: no icon file in the account chunk (every signed-in page loads it). */}
        <span aria-hidden className={`size-2 border-r-2 border-b-2 border-current ${open ? "mt-1 rotate-[225deg]" : "mb-1 rotate-45"}`} />
      </button>
      <div
        id="account-menu"
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 flex-col rounded-lg bg-white p-1 text-field-900 shadow-lg ring-1 ring-slate-200 flex"
      >
        {accountItems.map((item) => (
          <Link key={item.label} href={item.href} className={menuItemClass} onClick={() => setOpen(false)}>
            {item.label}
          </Link>
        ))}
        <div className="mt-1 border-t border-slate-200 pt-1">
          <SignOutButton variant="ghost" className="w-full justify-start" />
        </div>
      </div>
    </div>
  );
}

/** The signed-in layout: a navigation bar for the user's role, the page, and the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = navByRole[user?.userType ?? "player"];
  useShowApp();

  // A link chosen in the mobile menu closes it; so does Escape, which gives focus back to its button.
  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", escape);
    return () => document.removeEventListener("keydown", escape);
  }, [menuOpen]);

  const isActive = (href: string) => (href === paths.root ? location === href : location.startsWith(href));

  const accountItems = accountItemsOf(user?.userType);
  const messagesBadge = (href: string) => (href === paths.messages() && user?.userType !== "admin" ? <UnreadBadge /> : null);

  return (
    <div className="flex min-h-dvh flex-col">
      <Header>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <HomeLink href={paths.root} />
          {/* One line from 1024 px: the role's links, then the account menu (DESIGN 12). */}
          <nav aria-label="Main" className="hidden min-w-0 flex-1 items-center gap-1 lg:flex">
            {items.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={isActive(item.href) ? "page" : undefined}
                className={navLinkClass(isActive(item.href))}
              >
                {item.label}
                {messagesBadge(item.href)}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center lg:flex">
            <AccountMenu name={user?.firstName || "Account"} accountItems={accountItems} />
          </div>
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 text-white hover:bg-field-800 focus-visible:outline-2 focus-visible:outline-accent-400 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
        {menuOpen ? (
          <nav
            id="mobile-menu"
            aria-label="Main"
            className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-field-800 px-4 pt-2 pb-4 lg:hidden"
          >
            <div className="flex flex-col gap-1">
              {items.map((item) => (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={isActive(item.href) ? "page" : undefined}
                  className={navLinkClass(isActive(item.href), true)}
                >
                  {item.label}
                  {messagesBadge(item.href)}
                </Link>
              ))}
            </div>
            <div className="mt-2 flex flex-col gap-1 border-t border-field-800 pt-2">
              {user?.firstName ? <p className="px-3 pt-1 text-sm text-field-200">Signed in as {user.firstName}</p> : null}
              {accountItems.map((item) => (
                <Link key={item.label} href={item.href} className={navLinkClass(false, true)}>
                  {item.label}
                </Link>
              ))}
            </div>
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
