import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { lazyWithReload } from "../lib/lazy-with-reload";
import { parse as parsePattern } from "regexparam";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import type { CurrentUser, UserType } from "../../contract/accounts";
import { mayOpen, pageRoutes, rootPageOf, type PageModule, type PageRoute } from "../../contract/pages";
import { needsPlayerSetup } from "../../contract/player-setup";
import { PageSkeleton } from "../components/ui/page-skeleton";
import { paths } from "../config/paths";
import { useCurrentUser } from "../lib/current-user";
import { useShowApp } from "../lib/first-screen";
import { endHydration, isDrawnAsOnServer } from "../lib/hydration";
import { coachPublicProfileQuery } from "../lib/query-keys";
import { ErrorBoundary } from "./error-boundary";
import { BarePage, PublicShell } from "./shell";

/**
 * Each page is its own chunk, so the first screen loads only what it shows; while a chunk loads
 * the page's skeleton stands in for it. A chunk that is gone after a deploy reloads the page once
 * (to the new build); any other failure, or a render error, shows the page's error boundary inside
 * the shell instead of blanking the app.
 */
type Page = ComponentType & {
  /**
   * Starts loading the page's chunk (and what it imports) without rendering it; resolves when it is
   * in (or has failed). Once loaded the page renders at once, without suspending: what hydrating a
   * page the server drew needs (decision 016).
   */
  preload(): Promise<void>;
};

const noop = () => {};

function ShowAppWhenDrawn() {
  useShowApp();
  return null;
}

/**
 * The page has been hydrated (lib/hydration.ts). In its page's boundary, not at the app's root:
 * React commits the root first and hydrates each Suspense boundary in a pass of its own after it,
 * so the root's first commit comes before the page's content has been drawn.
 */
function HydrationEnd() {
  useLayoutEffect(endHydration, []);
  return null;
}

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loading: Promise<Record<K, ComponentType>> | undefined;
  // The page's component once its chunk is in: drawn directly, so that a page drawn on the server
  // hydrates in the first pass instead of suspending (the server's render and hydrateRoot load it first).
  let loaded: ComponentType | undefined;
  // One download whether the preload or the render asks first; a failed one may be asked again.
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazyWithReload(async () => ({ default: (await loadOnce())[name] as ComponentType }));
  function Page() {
    // Chosen once per mount: turning the lazy wrapper into the loaded component on a later render
    // would mount the page again and lose what it holds (a form being typed).
    const [Loaded] = useState(() => loaded);
    return (
      <ErrorBoundary scope="page">
        <Suspense fallback={<PageSkeleton />}>
          {Loaded ? <Loaded /> : <Lazy />}
          {/* A page without the shell takes the server's first screen's place once it has drawn itself. */}
          <ShowAppWhenDrawn />
          <HydrationEnd />
        </Suspense>
      </ErrorBoundary>
    );
  }
  // A failed preload is not an error yet: the render loads again and shows the error boundary.
  return Object.assign(Page, { preload: () => loadOnce().then(noop, noop) });
}

// The signed-in shell loads beside the page (a visitor's first screen does without it); after a
// deploy that removed its chunk, the page reloads once, as for a page.
const LazyAppShell = lazyWithReload(async () => ({ default: (await import("./app-shell")).AppShell }));
function AppShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <LazyAppShell>{children}</LazyAppShell>
    </Suspense>
  );
}

// Every page module, loaded when first shown: each `routes/<module>.tsx` exports `<Module>Page`.
const pageModules = import.meta.glob<Record<string, ComponentType>>(["./routes/*.tsx", "!./routes/*.test.tsx"]);
const pageCache = new Map<string, Page>();
function pageOf(module: PageModule | "not-found" | "unauthorized"): Page {
  let found = pageCache.get(module);
  if (!found) {
    const name = `${module.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}Page`;
    const load = pageModules[`./routes/${module}.tsx`];
    if (!load) throw new Error(`No page module routes/${module}.tsx`);
    found = page(load, name);
    pageCache.set(module, found);
  }
  return found;
}

const LoginPage = pageOf("login");
const NotFoundPage = pageOf("not-found");
const UnauthorizedPage = pageOf("unauthorized");
// Shown in place of a page whose role guard (contract/pages.ts `roles`) keeps this user out.
const AccessDenied = lazyWithReload(async () => ({
  default: (await pageModules["./routes/unauthorized.tsx"]!()).AccessDenied as ComponentType<{ allow: UserType }>,
}));

const deniedPages = new Map<UserType, ComponentType>();
/** The page of a route, behind its role guard: another user type reads "Access Denied" (player-side 2). */
function routePage(route: PageRoute, userType: UserType): ComponentType {
  const allowed = route.roles?.[0];
  if (!allowed || mayOpen(route, userType)) return pageOf(route.module);
  let denied = deniedPages.get(allowed);
  if (!denied) {
    // One component per allowed type, so a re-render does not restart the notice's redirect.
    denied = function Denied() {
      return (
        <Suspense fallback={<PageSkeleton />}>
          <AccessDenied allow={allowed} />
          <ShowAppWhenDrawn />
        </Suspense>
      );
    };
    deniedPages.set(allowed, denied);
  }
  return denied;
}

/**
 * The page each path shows (whoever is signed in), loaded while GET /api/auth/user is still on its
 * way: the first screen then waits for the slower of the two, not for one after the other.
 */
const pagesByPath: [string, Page][] = pageRoutes.map((route) => [route.path, pageOf(route.module)]);
const pageAt = (parser: Parameters<typeof matchRoute>[0], location: string) =>
  pagesByPath.find(([pattern]) => matchRoute(parser, pattern, location)[0])?.[1];

/**
 * What the first page of a visitor or a signed-in user shows first, asked for beside the page's chunk rather
 * than once it has loaded and rendered: a coach profile, and the search find coaches opens with
 * (the search's code comes in a small chunk of its own, not in the entry chunk every page loads).
 */
const firstDataByPath: [string, (params: { id?: string }, search: string, queryClient: QueryClient) => void][] = [
  [
    "/coach/:id",
    ({ id = "" }, _search, queryClient) => {
      if (/^\d{1,9}$/.test(id)) void queryClient.prefetchQuery(coachPublicProfileQuery(Number(id)));
    },
  ],
  [
    paths.findCoaches,
    (_params, search, queryClient) =>
      void import("../features/search/api/search-coaches").then(
        ({ prefetchOpeningSearch }) => prefetchOpeningSearch(queryClient, search),
        () => undefined, // the page asks again when it renders
      ),
  ],
];

/** Once per visit: the page at the address the app opened at (later pages load when navigated to), and its first data. */
let firstPageAsked = false;
function usePreloadFirstPage(location: string, mayOpenPage: boolean): void {
  const { parser } = useRouter();
  const search = useSearch();
  const queryClient = useQueryClient();
  if (firstPageAsked) return;
  firstPageAsked = true;
  // A page the server drew came with its data, and its chunk was loaded before hydrating (decision 016).
  if (isDrawnAsOnServer()) return;
  void pageAt(parser, location)?.preload();
  if (!mayOpenPage) return;
  for (const [pattern, prefetch] of firstDataByPath) {
    const [matches, params] = matchRoute(parser, pattern, location);
    if (matches) prefetch(params ?? {}, search, queryClient);
  }
}

/**
 * Loads the page a visitor sees at a path (the login chooser at / and /login, a public page, the
 * not-found page): the server before drawing it, the client before hydrating what the server drew
 * (decision 016), so both draw the page itself, not its loading skeleton.
 */
export const loadVisitorPage = (location: string): Promise<void> =>
  (location === paths.root ? LoginPage : (pageAt(parsePattern, location) ?? NotFoundPage)).preload();

export function AppRouter() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  useScrollToTopOnNavigate(location);
  // A visitor sees search and profiles too (DESIGN 11); a player still in setup sees only the wizard.
  usePreloadFirstPage(location, !isLoading && (user === null || !needsPlayerSetup(user)));

  if (isLoading) return <PageSkeleton label="Loading..." />;

  if (!user) return <VisitorRoutes />;
  return <SignedInRoutes user={user} />;
}

// The root and /login are the router's own: their page depends on who is signed in.
const tableRoutes = pageRoutes.filter((route) => route.module !== "login");
const shellRoutes = tableRoutes.filter((route) => route.shell === "shell");
const bareRoutes = tableRoutes.filter((route) => route.shell === "bare");

/** A visitor: the login chooser at / and /login; the public pages in the public shell; a signed-in-only path asks to sign in. */
function VisitorRoutes() {
  return (
    <Switch>
      <Route path={paths.root} component={LoginPage} />
      <Route path={paths.login} component={LoginPage} />
      <Route>
        <PublicShell>
          <Switch>
            {tableRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.signedIn ? UnauthorizedPage : pageOf(route.module)} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </PublicShell>
      </Route>
    </Switch>
  );
}

/**
 * A signed-in user: the bare pages (the wizards, the simulated provider) outside the shell, the rest
 * inside it. A player still in setup (no phone number or primary position; coaches are exempt) sees
 * the wizard at / and only the pages open during setup; any other page sends them back to it.
 */
function SignedInRoutes({ user }: { user: CurrentUser }) {
  const setupIncomplete = needsPlayerSetup(user);
  return (
    <Switch>
      <Route path={paths.login}>
        <Redirect to={user.userType === "coach" ? paths.coachDashboard : paths.findCoaches} replace />
      </Route>
      {bareRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          <BarePage page={routePage(route, user.userType)} />
        </Route>
      ))}
      <Route>
        <AppShell>
          <Switch>
            <Route path={paths.root} component={pageOf(rootPageOf(user))} />
            {shellRoutes.map((route) =>
              setupIncomplete && !route.duringSetup ? (
                <Route key={route.path} path={route.path}>
                  <Redirect to={paths.root} replace />
                </Route>
              ) : (
                <Route key={route.path} path={route.path} component={routePage(route, user.userType)} />
              ),
            )}
            <Route component={NotFoundPage} />
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}

/**
 * A navigation in the app starts at the top of its page. The page the browser opened stays where it
 * is: a visitor may have scrolled the server's drawing before the app took over (its scripts come
 * after the first paint), and moving it then would move what they were about to tap.
 */
function useScrollToTopOnNavigate(location: string) {
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
}
