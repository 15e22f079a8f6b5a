import { Suspense, type ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import type { Intent } from "@contract/user-basics";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { paths } from "../../../config/paths";
import { lazyWithReload } from "../../../lib/lazy-with-reload";

// The two forms bring the form library and zod (about 40 KB gzipped): they load once a role is
// chosen, or as soon as the login page is up (its loadRoleForms), while the visitor picks one.
export const loadSignInForm = () => import("./sign-in-form");
export const loadRegisterForm = () => import("./register-form");
const SignInForm = lazyWithReload(async () => ({ default: (await loadSignInForm()).SignInForm }));
const RegisterForm = lazyWithReload(async () => ({ default: (await loadRegisterForm()).RegisterForm }));

export type RoleCopy = { title: string; subtitle: string; icon: ReactNode };

/**
 * The login page's second step (player-side 2 and 4): Google, or e-mail with the sign-in and
 * registration tabs, for the role chosen. A chunk of its own: the role chooser, the page's first
 * screen, needs none of it (nor the tabs').
 */
export function RoleForms({
  role,
  copy,
  tab,
  onTabChange,
  onBack,
}: {
  role: Intent;
  copy: RoleCopy;
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
            {copy.icon}
            {copy.title}
          </h1>
          <CardDescription>{copy.subtitle}</CardDescription>
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
