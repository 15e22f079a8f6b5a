import { AlertTriangle, ArrowLeft, ChevronRight, ClipboardList, Trophy } from "lucide-react";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link, useLocation, useSearch } from "wouter";
import { INTENTS, type Intent } from "@contract/accounts";
import { ModerationMessages } from "@contract/moderation-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { paths } from "../../config/paths";
import { AuthLayout } from "../../features/accounts/components/auth-layout";
import { rememberReturnTo } from "../../lib/return-to";
import { usePublicFigures } from "../../features/content/api/public-figures";

// The two forms bring the form library and zod (about 40 KB gzipped), which the role chooser does
// not need: they load as soon as the page is up, while the visitor picks a role, so the first
// screen stays within the login budget (scripts/check-bundle-budget.mjs).
const loadSignInForm = () => import("../../features/accounts/components/sign-in-form");
const loadRegisterForm = () => import("../../features/accounts/components/register-form");
const SignInForm = lazyWithReload(async () => ({ default: (await loadSignInForm()).SignInForm }));
const RegisterForm = lazyWithReload(async () => ({ default: (await loadRegisterForm()).RegisterForm }));

const roleCopy: Record<Intent, { title: string; subtitle: string; icon: ReactNode }> = {
  player: { title: "Player Login", subtitle: "Find and book training sessions", icon: <Trophy aria-hidden /> },
  coach: { title: "Coach Login", subtitle: "Manage your coaching business", icon: <ClipboardList aria-hidden /> },
};

/** DESIGN.md 8: the server sends failed or unavailable Google sign-in back here with an error code. */
const googleErrors: Record<string, { title: string; text: string }> = {
  google_unavailable: {
    title: "Google sign-in is not available",
    text: "Google sign-in is not set up on this server. Please sign in or register with your email and password instead.",
  },
  google_failed: {
    title: "Sign-in with Google failed",
    text: "We could not sign you in with Google. Please try again, or use your email and password.",
  },
  account_suspended: {
    title: "Account suspended",
    text: ModerationMessages.ACCOUNT_SUSPENDED,
  },
};

function intentFrom(value: string | null): Intent | null {
  return INTENTS.find((i) => i === value) ?? null;
}

/** The login screen at / and /login: choose a role, then sign in or register (player-side 2 and 4). */
export function LoginPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [location, navigate] = useLocation();
  const [chosen, setChosen] = useState<Intent | null>(null);
  // ?tab=register ("Get Started", "Create a free account") opens the registration tab, a player's by default.
  const wantsRegister = params.get("tab") === "register";
  const [tab, setTab] = useState<"signin" | "register">(wantsRegister ? "register" : "signin");
  const role = chosen ?? intentFrom(params.get("intent")) ?? (wantsRegister ? "player" : null);
  const error = googleErrors[params.get("error") ?? ""];
  const figures = usePublicFigures();
  // DESIGN 11: the coach and slot a visitor came from, to go back to once signed in.
  const next = params.get("next");
  useEffect(() => rememberReturnTo(next), [next]);
  useEffect(() => {
    void loadSignInForm();
    void loadRegisterForm();
  }, []);

  function backToOptions() {
    setChosen(null);
    setTab("signin");
    navigate(location, { replace: true });
  }

  function createAccount() {
    setChosen("player");
    setTab("register");
  }

  return (
    <AuthLayout figures={figures}>
      {error ? (
        <div role="alert" className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div>
            <p className="font-semibold">{error.title}</p>
            <p className="text-sm">{error.text}</p>
          </div>
        </div>
      ) : null}
      {role ? (
        <RoleForms role={role} tab={tab} onTabChange={setTab} onBack={backToOptions} />
      ) : (
        <RoleChooser onChoose={setChosen} onCreateAccount={createAccount} />
      )}
      <p className="mt-8 text-center text-sm text-slate-600">
        By continuing you agree to our{" "}
        <Link href={paths.termsOfService} className="font-semibold text-field-700 underline underline-offset-2">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href={paths.privacyPolicy} className="font-semibold text-field-700 underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthLayout>
  );
}

/** What the product is, in one line, for a first visit (issue 29). */
const PRODUCT_LINE = "LaxCoach: find and book lacrosse coaches near you, or get booked and paid as a coach.";

function RoleChooser({ onChoose, onCreateAccount }: { onChoose: (role: Intent) => void; onCreateAccount: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-display text-4xl font-bold text-field-950 uppercase">Welcome</h1>
        <p className="mt-1 text-slate-700" data-testid="product-line">
          {PRODUCT_LINE}
        </p>
        <p className="mt-1 text-slate-600">How would you like to sign in?</p>
      </div>
      <div className="flex flex-col gap-3">
        {INTENTS.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => onChoose(r)}
            className="group flex w-full cursor-pointer items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-5 text-left shadow-sm transition-colors hover:border-field-600 hover:bg-field-50 focus-visible:border-field-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-field-700 text-accent-300 [&_svg]:size-6">
              {roleCopy[r].icon}
            </span>
            <span className="flex flex-1 flex-col">
              <span className="font-display text-xl font-bold text-field-950 uppercase">{roleCopy[r].title}</span>
              <span className="text-sm text-slate-600">{roleCopy[r].subtitle}</span>
            </span>
            <ChevronRight aria-hidden className="size-5 text-slate-400 group-hover:text-field-700" />
          </button>
        ))}
      </div>
      <p className="text-sm text-slate-700">
        New here?{" "}
        <button
          type="button"
          onClick={onCreateAccount}
          className="cursor-pointer rounded font-semibold text-field-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          Create a free account
        </button>
      </p>
      <p className="text-sm text-slate-600">
        Just looking?{" "}
        <Link href={paths.findCoaches} className="font-semibold text-field-700 underline underline-offset-2">
          Browse coaches
        </Link>{" "}
        without an account.
      </p>
      <Link href={paths.forgotPassword} className="w-fit text-sm font-semibold text-field-700 underline underline-offset-2">
        Forgot your password?
      </Link>
    </div>
  );
}

function RoleForms({
  role,
  tab,
  onTabChange,
  onBack,
}: {
  role: Intent;
  tab: "signin" | "register";
  onTabChange: (tab: "signin" | "register") => void;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex w-fit cursor-pointer items-center gap-1 rounded text-sm font-semibold text-field-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-400"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to login options
      </button>
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-field-950 uppercase [&_svg]:size-6 [&_svg]:text-field-600">
            {roleCopy[role].icon}
            {roleCopy[role].title}
          </h1>
          <CardDescription>{roleCopy[role].subtitle}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Button
            type="button"
            variant="outline"
            className="w-full border-slate-300 text-slate-900"
            onClick={() => {
              window.location.href = `/api/auth/google?intent=${role}`;
            }}
          >
            <GoogleIcon /> Continue with Google
          </Button>
          <div className="flex items-center gap-3 text-xs font-semibold tracking-wider text-slate-500 uppercase" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" /> or with email <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Tabs value={tab} onValueChange={(v) => onTabChange(v as "signin" | "register")}>
            <TabsList>
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" className="flex flex-col gap-4">
              {role === "coach" ? (
                <p className="rounded-lg bg-field-50 p-3 text-sm text-field-900" data-testid="coach-account-note">
                  Already training with us as a player? A player account stays a player account: signing in with it opens your player pages.
                  To coach, register a coach account under the Register tab with a different e-mail address.
                </p>
              ) : null}
              <Suspense fallback={<Spinner label="Loading..." />}>
                <SignInForm intent={role} />
              </Suspense>
            </TabsContent>
            <TabsContent value="register">
              <Suspense fallback={<Spinner label="Loading..." />}>
                <RegisterForm userType={role} />
              </Suspense>
            </TabsContent>
          </Tabs>
          <Link href={paths.forgotPassword} className="w-fit text-sm font-semibold text-field-700 underline underline-offset-2">
            Forgot your password?
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
