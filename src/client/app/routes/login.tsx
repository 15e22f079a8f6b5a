import { AlertTriangle, ChevronRight, ClipboardList, Trophy } from "lucide-react";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link, useLocation, useSearch } from "wouter";
import { INTENTS, type Intent } from "@contract/user-basics";
import { ModerationMessages } from "@contract/moderation-basics";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { AuthLayout } from "../../features/accounts/components/auth-layout";
import { rememberReturnTo } from "../../lib/return-to";
import { usePublicFigures } from "../../features/content/api/public-figures";

// The role's forms (Google, the sign-in and registration tabs, the form library and zod), which the
// role chooser does not need: they load as soon as the page is up, while the visitor picks a role,
// so the first screen stays light (scripts/check-bundle-budget.mjs; Lighthouse's LCP on the root).
const loadRoleForms = () => import("../../features/accounts/components/role-forms");
const RoleForms = lazyWithReload(async () => ({ default: (await loadRoleForms()).RoleForms }));

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
    void loadRoleForms().then((forms) => Promise.all([forms.loadSignInForm(), forms.loadRegisterForm()]));
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
        <Suspense fallback={<Spinner label="Loading..." />}>
          <RoleForms role={role} copy={roleCopy[role]} tab={tab} onTabChange={setTab} onBack={backToOptions} />
        </Suspense>
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
