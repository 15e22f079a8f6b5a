import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { pageRoutes, type PageModule } from "../../contract/pages";
import { needsPlayerSetup } from "../../contract/player-setup";
import { PageSkeleton } from "../components/ui/page-skeleton";
import { paths } from "../config/paths";
import { useCurrentUser } from "../lib/current-user";
import { coachPublicProfileQuery } from "../lib/query-keys";
import { ErrorBoundary, isStaleChunkError, reloadOnceForStaleChunk } from "./error-boundary";
import { AppShell, PublicShell } from "./shell";

/**
 * Each page is its own chunk, so the first screen loads only what it shows; while a chunk loads
 * the page's skeleton stands in for it. A chunk that is gone after a deploy reloads the page once
 * (to the new build); any other failure, or a render error, shows the page's error boundary inside
 * the shell instead of blanking the app.
 */
type Page = ComponentType & {
  /** Starts loading the page's chunk (and what it imports) without rendering it. */
  preload(): void;
};

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loading: Promise<Record<K, ComponentType>> | undefined;
  // One download whether the preload or the render asks first; a failed one may be asked again.
  const loadOnce = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const Lazy = lazy(async () => {
    try {
      return { default: (await loadOnce())[name] as ComponentType };
    } catch (err) {
      // While the reload happens, keep showing the loading state rather than an error.
      if (isStaleChunkError(err) && reloadOnceForStaleChunk()) return new Promise<never>(() => {});
      throw err;
    }
  });
  function Page() {
    return (
      <ErrorBoundary scope="page">
        <Suspense fallback={<PageSkeleton />}>
          <Lazy />
        </Suspense>
      </ErrorBoundary>
    );
  }
  // A failed preload is not an error yet: the render loads again and shows the error boundary.
  return Object.assign(Page, { preload: () => void loadOnce().catch(() => undefined) });
}

const LoginPage = page(() => import("./routes/login"), "LoginPage");
const LandingPage = page(() => import("./routes/landing"), "LandingPage");
const ForgotPasswordPage = page(() => import("./routes/forgot-password"), "ForgotPasswordPage");
const ResetPasswordPage = page(() => import("./routes/reset-password"), "ResetPasswordPage");
const VerifyEmailPage = page(() => import("./routes/verify-email"), "VerifyEmailPage");
const PrivacyPolicyPage = page(() => import("./routes/privacy-policy"), "PrivacyPolicyPage");
const TermsOfServicePage = page(() => import("./routes/terms-of-service"), "TermsOfServicePage");
const BookingSuccessPage = page(() => import("./routes/booking-success"), "BookingSuccessPage");
const NotFoundPage = page(() => import("./routes/not-found"), "NotFoundPage");
const CoachOnboardingPage = page(() => import("./routes/coach-onboarding"), "CoachOnboardingPage");
const SimulatedOnboardingPage = page(() => import("./routes/simulated-onboarding"), "SimulatedOnboardingPage");
const SimulatedDashboardPage = page(() => import("./routes/simulated-dashboard"), "SimulatedDashboardPage");
const PlayerOnboardingPage = page(() => import("./routes/player-onboarding"), "PlayerOnboardingPage");
const StripeConnectPage = page(() => import("./routes/stripe-connect"), "StripeConnectPage");
const HomePage = page(() => import("./routes/home"), "HomePage");
const FindCoachesPage = page(() => import("./routes/find-coaches"), "FindCoachesPage");
const CoachDashboardPage = page(() => import("./routes/coach-dashboard"), "CoachDashboardPage");
const CoachSetupPage = page(() => import("./routes/coach-setup"), "CoachSetupPage");
const CoachProfilePage = page(() => import("./routes/coach-profile"), "CoachProfilePage");
const MyBookingsPage = page(() => import("./routes/my-bookings"), "MyBookingsPage");
const MySessionRequestsPage = page(() => import("./routes/my-session-requests"), "MySessionRequestsPage");
const AdminPage = page(() => import("./routes/admin"), "AdminPage");
const ManageSlotsPage = page(() => import("./routes/manage-slots"), "ManageSlotsPage");
const MatchCoachesPage = page(() => import("./routes/match-coaches"), "MatchCoachesPage");
const BookingCheckoutPage = page(() => import("./routes/booking-checkout"), "BookingCheckoutPage");
const BookCoachPage = page(() => import("./routes/book-coach"), "BookCoachPage");
const PackageCheckoutPage = page(() => import("./routes/package-checkout"), "PackageCheckoutPage");
const PlayerProfilePage = page(() => import("./routes/player-profile"), "PlayerProfilePage");
const FamilyPage = page(() => import("./routes/family"), "FamilyPage");
const FamilyInvitationPage = page(() => import("./routes/family-invitation"), "FamilyInvitationPage");
const AthletePage = page(() => import("./routes/athlete"), "AthletePage");
const AthleteProgressPage = page(() => import("./routes/athlete-progress"), "AthleteProgressPage");
const MessagesPage = page(() => import("./routes/messages"), "MessagesPage");
const UnauthorizedRedirect = page(() => import("./routes/unauthorized"), "UnauthorizedRedirect");

/** Paths that exist only for signed-in users (player-side 2): a visitor is asked to sign in. */
const signedInOnlyPaths = pageRoutes.filter((route) => route.signedIn).map((route) => route.path);

const pagesByModule: Record<PageModule, Page> = {
  admin: AdminPage,
  athlete: AthletePage,
  "athlete-progress": AthleteProgressPage,
  "book-coach": BookCoachPage,
  "booking-checkout": BookingCheckoutPage,
  "package-checkout": PackageCheckoutPage,
  "booking-success": BookingSuccessPage,
  "coach-dashboard": CoachDashboardPage,
  "coach-onboarding": CoachOnboardingPage,
  "coach-profile": CoachProfilePage,
  "coach-setup": CoachSetupPage,
  family: FamilyPage,
  "family-invitation": FamilyInvitationPage,
  "find-coaches": FindCoachesPage,
  "forgot-password": ForgotPasswordPage,
  home: HomePage,
  landing: LandingPage,
  login: LoginPage,
  "manage-slots": ManageSlotsPage,
  "match-coaches": MatchCoachesPage,
  messages: MessagesPage,
  "my-bookings": MyBookingsPage,
  "my-session-requests": MySessionRequestsPage,
  "player-onboarding": PlayerOnboardingPage,
  "player-profile": PlayerProfilePage,
  "privacy-policy": PrivacyPolicyPage,
  "reset-password": ResetPasswordPage,
  "simulated-dashboard": SimulatedDashboardPage,
  "simulated-onboarding": SimulatedOnboardingPage,
  "stripe-connect": StripeConnectPage,
  "terms-of-service": TermsOfServicePage,
  "verify-email": VerifyEmailPage,
};

/**
 * The page each path shows (whoever is signed in), loaded while GET /api/auth/user is still on its
 * way: the first screen then waits for the slower of the two, not for one after the other.
 */
const pagesByPath: [string, Page][] = pageRoutes.map((route) => [route.path, pagesByModule[route.module]]);

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
  pagesByPath.find(([pattern]) => matchRoute(parser, pattern, location)[0])?.[1].preload();
  if (!mayOpenPage) return;
  for (const [pattern, prefetch] of firstDataByPath) {
    const [matches, params] = matchRoute(parser, pattern, location);
    if (matches) prefetch(params ?? {}, search, queryClient);
  }
}

export function AppRouter() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  useScrollToTopOnNavigate(location);
  // A visitor sees search and profiles too (DESIGN 11); a player still in setup sees only the wizard.
  usePreloadFirstPage(location, !isLoading && (user === null || !needsPlayerSetup(user)));

  if (isLoading) return <PageSkeleton label="Loading..." />;

  if (!user) {
    return (
      <Switch>
        <Route path={paths.root} component={LoginPage} />
        <Route path={paths.login} component={LoginPage} />
        <Route>
          <PublicShell>
            <Switch>
              <Route path={paths.landing} component={LandingPage} />
              <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
              <Route path={paths.resetPassword} component={ResetPasswordPage} />
              <Route path={paths.verifyEmail} component={VerifyEmailPage} />
              <Route path={paths.privacyPolicy} component={PrivacyPolicyPage} />
              <Route path={paths.termsOfService} component={TermsOfServicePage} />
              <Route path={paths.bookingSuccess} component={BookingSuccessPage} />
              {/* DESIGN 11: a visitor may look before signing in; stripe-connect is tried before a coach's profile. */}
              <Route path={paths.stripeConnect} component={UnauthorizedRedirect} />
              <Route path={paths.findCoaches} component={FindCoachesPage} />
              <Route path="/coach/:id" component={CoachProfilePage} />
              <Route path="/book-coach/:id" component={BookCoachPage} />
              {signedInOnlyPaths.map((p) => (
                <Route key={p} path={p} component={UnauthorizedRedirect} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </PublicShell>
        </Route>
      </Switch>
    );
  }

  const setupIncomplete = needsPlayerSetup(user);
  return (
    <Switch>
      <Route path={paths.login}>
        <Redirect to={user.userType === "coach" ? paths.coachDashboard : paths.findCoaches} replace />
      </Route>
      <Route path={paths.coachOnboarding} component={CoachOnboardingPage} />
      <Route path="/payments/simulated/onboarding" component={SimulatedOnboardingPage} />
      <Route path="/payments/simulated/dashboard" component={SimulatedDashboardPage} />
      <Route path={paths.playerOnboarding} component={PlayerOnboardingPage} />
      <Route>
        <AppShell>
          <Switch>
            <Route path={paths.landing} component={LandingPage} />
            <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
            <Route path={paths.resetPassword} component={ResetPasswordPage} />
            <Route path={paths.verifyEmail} component={VerifyEmailPage} />
            <Route path={paths.privacyPolicy} component={PrivacyPolicyPage} />
            <Route path={paths.termsOfService} component={TermsOfServicePage} />
            <Route path={paths.bookingSuccess} component={BookingSuccessPage} />
            {setupIncomplete ? <SetupGateRoutes /> : <ShellRoutes home={user.userType === "coach" ? CoachDashboardPage : HomePage} />}
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}

/** A player without a phone number or primary position sees only the setup wizard at / (coaches are exempt). */
function SetupGateRoutes() {
  return (
    <Switch>
      <Route path={paths.root} component={PlayerOnboardingPage} />
      {/* An invited guardian accepts before (or without) setting up a profile of their own. */}
      <Route path="/family/invitations/:token" component={FamilyInvitationPage} />
      {signedInOnlyPaths.map((p) => (
        <Route key={p} path={p}>
          <Redirect to={paths.root} replace />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function ShellRoutes({ home }: { home: ComponentType }) {
  return (
    <Switch>
      <Route path={paths.stripeConnect} component={StripeConnectPage} />
      <Route path={paths.root} component={home} />
      <Route path={paths.home} component={HomePage} />
      <Route path={paths.findCoaches} component={FindCoachesPage} />
      <Route path={paths.coachDashboard} component={CoachDashboardPage} />
      <Route path={paths.coachSetup} component={CoachSetupPage} />
      <Route path="/coach/:id" component={CoachProfilePage} />
      <Route path={paths.myBookings} component={MyBookingsPage} />
      <Route path={paths.mySessionRequests} component={MySessionRequestsPage} />
      <Route path={paths.admin} component={AdminPage} />
      <Route path={paths.manageSlots} component={ManageSlotsPage} />
      <Route path={paths.matchCoaches} component={MatchCoachesPage} />
      <Route path="/booking-checkout/:bookingId?" component={BookingCheckoutPage} />
      <Route path="/book-coach/:id" component={BookCoachPage} />
      <Route path="/package-checkout/:packageId" component={PackageCheckoutPage} />
      <Route path={paths.playerProfile} component={PlayerProfilePage} />
      <Route path="/athletes/:id/progress" component={AthleteProgressPage} />
      <Route path={paths.family} component={FamilyPage} />
      <Route path="/family/invitations/:token" component={FamilyInvitationPage} />
      <Route path="/athletes/:id" component={AthletePage} />
      <Route path="/messages/:id?" component={MessagesPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function useScrollToTopOnNavigate(location: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
