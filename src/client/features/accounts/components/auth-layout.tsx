import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandName } from "@client/components/ui/brand-mark";

/**
 * The split screen of the sign-in pages: brand panel (wide screens) beside the form. `figures` are
 * counted from the data by the page (DESIGN 11); none are shown until there are some.
 */
export function AuthLayout({ children, figures = [] }: { children: ReactNode; figures?: { value: string; label: string }[] }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(0,560px)]">
      <aside className="relative hidden overflow-hidden bg-field-900 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-[0.08] [background-image:repeating-linear-gradient(90deg,#fff_0,#fff_2px,transparent_2px,transparent_120px)]"
        />
        <Link href="/landing" className="relative w-fit rounded-lg">
          <BrandName inverted />
        </Link>
        <div className="relative flex flex-col gap-6">
          <p className="font-display text-5xl leading-[1.05] font-bold uppercase xl:text-6xl">
            Find your coach.
            <br />
            <span className="text-accent-400">Own the field.</span>
          </p>
          <p className="max-w-md text-lg text-field-100">
            Book lacrosse training with trusted coaches near you, or grow your coaching business.
          </p>
        </div>
        {figures.length > 0 ? (
          <dl className="relative flex gap-10" data-testid="figures">
            {figures.map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="text-sm text-field-200">{label}</dt>
                <dd className="font-display text-3xl font-bold text-accent-400">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <span />
        )}
      </aside>
      <main id="main" className="flex flex-col bg-slate-50 px-4 py-8 sm:px-8">
        <Link href="/landing" className="mb-8 w-fit rounded-lg lg:hidden">
          <BrandName />
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center">{children}</div>
      </main>
    </div>
  );
}
