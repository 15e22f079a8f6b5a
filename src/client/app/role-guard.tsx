import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "wouter";

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
