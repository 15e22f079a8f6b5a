import type { ComponentType, ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { BrandName } from "../components/ui/brand-mark";
import { HEADER_ACCENT_LINK_CLASS, HEADER_GHOST_LINK_CLASS } from "../components/ui/button-classes";
import { paths } from "../config/paths";
import { SiteFooter } from "../features/content/components/site-footer";
import { useShowApp } from "../lib/first-screen";

/** The bar at the top of every page with a shell (the signed-in one is app-shell.tsx). */
export function Header({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b-4 border-accent-400 bg-field-900 text-white shadow-md">
      <a
        href="#main"
        className="sr-only rounded-md bg-accent-400 px-3 py-2 font-semibold text-field-950 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {children}
    </header>
  );
}

export function HomeLink({ href }: { href: string }) {
  return (
    <Link href={href} aria-label="LaxCoach home" className="rounded-lg focus-visible:outline-2 focus-visible:outline-accent-400">
      <BrandName inverted />
    </Link>
  );
}

/** The signed-out layout. The header is hidden on / and /login, which show the login screen itself. */
export function PublicShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const showHeader = location !== paths.root && location !== paths.login;
  useShowApp();
  return (
    <div className="flex min-h-dvh flex-col">
      {showHeader ? (
        <Header>
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
            <HomeLink href={paths.landing} />
            <nav aria-label="Account" className="flex items-center gap-1.5 sm:gap-2">
              <Link href={paths.login} className={HEADER_GHOST_LINK_CLASS}>
                Sign In
              </Link>
              {/* Issue 29: "Get Started" opens the registration tab. */}
              <Link href={`${paths.login}?tab=register`} className={HEADER_ACCENT_LINK_CLASS}>
                Get Started
              </Link>
            </nav>
          </div>
        </Header>
      ) : null}
      {/* At least a screen tall: the footer starts below the first screen, so content that loads in does not push it (layout shift). */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <SiteFooter userType={null} />
    </div>
  );
}

/** A page without the shell (the wizards, the simulated provider) still has the page's main landmark, which the shell gives the others. */
export function BarePage({ page: Page }: { page: ComponentType }) {
  return (
    <main id="main" className="min-h-dvh">
      <Page />
    </main>
  );
}
