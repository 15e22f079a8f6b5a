import { ShieldAlert } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import type { UserType } from "../../contract/accounts";
import { useCurrentUser } from "../lib/current-user";
import { FullPageSpinner } from "../components/ui/spinner";

export const SIGNED_OUT_REDIRECT_DELAY_MS = 500;
export const WRONG_ROLE_REDIRECT_DELAY_MS = 1000;

/** A notice that sends the browser elsewhere after a short pause (player-side 2, role guard). */
export function RedirectNotice({ title, message, to, delayMs }: { title: string; message?: string; to: string; delayMs: number }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, to, delayMs]);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center" aria-live="polite">
      <ShieldAlert aria-hidden className="size-12 text-field-700" />
      <h1 className="font-display text-3xl font-bold text-field-950 uppercase">{title}</h1>
      {message ? <p className="text-slate-700">{message}</p> : null}
    </section>
  );
}

/**
 * Restricts a page to one user type. Signed out: "Unauthorized", then /login after 0.5 s. Another
 * user type: "Access Denied", then the fallback path after 1 s.
 */
export function RoleGuard({ allow, fallbackPath = "/", children }: { allow: UserType; fallbackPath?: string; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner label="Loading..." />;
  if (!user) return <RedirectNotice title="Unauthorized" to="/login" delayMs={SIGNED_OUT_REDIRECT_DELAY_MS} />;
  if (user.userType !== allow) {
    return (
      <RedirectNotice
        title="Access Denied"
        message={`This page is only available for ${allow}s.`}
        to={fallbackPath}
        delayMs={WRONG_ROLE_REDIRECT_DELAY_MS}
      />
    );
  }
  return <>{children}</>;
}
