import {
  CalendarClock,
  ClipboardCheck,
  Dumbbell,
  Search,
  ShieldCheck,
  Star,
  Target,
  TrendingUp,
  UserPlus,
  Users,
} from "../../features/content/components/landing-icons";
import type { ReactNode } from "react";
import type { Testimonial } from "@contract/content";
import { LANDING_FAQ, MAX_LANDING_TESTIMONIALS } from "@contract/landing";
import { Link, useLocation } from "wouter";
import { usePublicFigures } from "../../features/content/api/public-figures";
import { LARGE_ACCENT_BUTTON_CLASS, LARGE_OUTLINE_ON_DARK_BUTTON_CLASS } from "../../components/ui/button-classes";
import { useContentText } from "../../features/content/api/content-blocks";
import { useTestimonials } from "../../features/content/api/testimonials";
import { usePopularPlaces } from "../../features/places/api/popular-places";

/** Card's look, written out: the landing page loads no class-merging library (docs/PERFORMANCE.md). */
const CARD_CLASS = "rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-sm";

/** Sign-in starts with a browser navigation so the server can answer with a redirect (DESIGN.md 8). */
const goTo = (url: string) => () => {
  window.location.href = url;
};

export function LandingPage() {
  return (
    <div className="bg-white">
      <Hero />
      <Figures />
      <Features />
      <Journey />
      <Places />
      <Testimonials />
      <Help />
      <ClosingCall />
    </div>
  );
}

function SectionHeading({ eyebrow, title, intro, id }: { eyebrow: string; title: string; intro?: string; id?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="font-display text-sm font-bold tracking-[0.2em] text-field-600 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}

function Hero() {
  const [, navigate] = useLocation();
  const hero = useContentText("hero");
  return (
    <section className="relative overflow-hidden bg-field-900 text-white" aria-labelledby="hero-title">
      {/* Field lines: decoration only. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-[0.08] [background-image:repeating-linear-gradient(90deg,#fff_0,#fff_2px,transparent_2px,transparent_120px)]"
      />
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-accent-400/20 blur-3xl" />
      <div className="relative mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 sm:py-24 lg:py-28">
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-field-800 px-3 py-1 text-sm font-semibold text-accent-300">
          <Dumbbell aria-hidden className="size-4" /> Lacrosse coaching marketplace
        </p>
        <h1 id="hero-title" className="max-w-3xl font-display text-4xl leading-[1.05] font-bold uppercase sm:text-6xl lg:text-7xl">
          {hero.title}
        </h1>
        <p className="max-w-2xl text-lg text-field-100 sm:text-xl">{hero.content}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className={LARGE_ACCENT_BUTTON_CLASS} onClick={() => navigate("/find-coaches")}>
            <Search aria-hidden /> Find Your Coach
          </button>
          <button type="button" className={LARGE_OUTLINE_ON_DARK_BUTTON_CLASS} onClick={goTo("/api/login?intent=coach")}>
            <UserPlus aria-hidden /> Become a Coach
          </button>
        </div>
      </div>
    </section>
  );
}

/** DESIGN 11: counted from the data, and left out until there is something to count. */
function Figures() {
  const figures = usePublicFigures();
  if (figures.length === 0) return null;
  return (
    <section aria-label="LaxCoach in numbers" className="border-b border-slate-200 bg-accent-400">
      <dl data-testid="figures" className="mx-auto grid max-w-6xl grid-cols-3 divide-x divide-field-900/20 px-2 py-6 sm:px-6">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col-reverse items-center px-2 text-center">
            <dt className="text-xs font-semibold tracking-wide text-field-900 uppercase sm:text-sm">{f.label}</dt>
            <dd className="font-display text-3xl font-bold text-field-950 sm:text-5xl">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={`${CARD_CLASS} h-full border-t-4 border-t-field-600 transition-shadow hover:shadow-md`}>
      <div className="flex flex-col gap-3 p-5 pt-6 sm:p-6 sm:pt-6">
        <span className="flex size-12 items-center justify-center rounded-xl bg-field-100 text-field-700 [&_svg]:size-6">{icon}</span>
        <h3 className="font-display text-xl font-bold text-field-950 uppercase">{title}</h3>
        <p className="text-slate-600">{children}</p>
      </div>
    </div>
  );
}

function Features() {
  const intro = useContentText("features");
  return (
    <section className="px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="features-title">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-title" eyebrow="Why LaxCoach" title={intro.title} intro={intro.content} />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Feature icon={<Search aria-hidden />} title="Find a Coach">
            Search by position and location to see coaches near you and their open times.
          </Feature>
          <Feature icon={<UserPlus aria-hidden />} title="Become a Coach">
            Publish your sessions, set your rates and get paid through a secure connected account.
          </Feature>
          <Feature icon={<CalendarClock aria-hidden />} title="Flexible Scheduling">
            Book an open time slot, or ask a coach for a time that suits you better.
          </Feature>
          <Feature icon={<Target aria-hidden />} title="Personalised Training">
            Individual or small-group sessions built around your position, age group and goals.
          </Feature>
          <Feature icon={<ShieldCheck aria-hidden />} title="Trusted Expertise">
            Experienced coaches with real profiles, and payment released only after the session.
          </Feature>
        </div>
      </div>
    </section>
  );
}

function Journey() {
  const how = useContentText("how-it-works");
  const steps = [
    { icon: <Users aria-hidden />, title: "Browse Coaches", text: "Compare coaches by position, distance, rates and availability." },
    {
      icon: <ClipboardCheck aria-hidden />,
      title: "Book Sessions",
      text: "Pick a time, choose individual or group, and pay securely online.",
    },
    {
      icon: <TrendingUp aria-hidden />,
      title: "Train and Improve",
      text: "Show up, work hard, and get feedback from your coach after every session.",
    },
  ];
  return (
    <section id="how-it-works" className="bg-field-50 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="journey-title">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="journey-title" eyebrow="Your journey" title={how.title} intro={how.content} />
        <ol className="grid gap-5 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="relative flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm">
              <span
                className="font-display text-6xl leading-none font-bold text-field-600 underline decoration-accent-400 decoration-4 underline-offset-8"
                aria-hidden
              >
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="flex items-center gap-2 font-display text-xl font-bold text-field-950 uppercase [&_svg]:size-5 [&_svg]:text-field-600">
                {step.icon}
                <span>
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </span>
              </h3>
              <p className="text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden className={n <= rating ? "size-5 fill-accent-500 text-accent-600" : "size-5 text-slate-300"} />
      ))}
    </div>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <div className={`${CARD_CLASS} h-full`}>
      <div className="h-full p-5 pt-6 sm:p-6 sm:pt-6">
        <figure className="flex h-full flex-col gap-4">
          <Stars rating={testimonial.rating || 5} />
          <blockquote className="flex-1 text-slate-700">“{testimonial.content}”</blockquote>
          <figcaption className="flex items-center gap-3">
            {testimonial.imageUrl ? (
              <img src={testimonial.imageUrl} alt="" className="size-10 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-field-700 font-bold text-white">
                {testimonial.name.charAt(0).toUpperCase()}
              </span>
            )}
            <span className="flex flex-col">
              <span className="font-semibold text-field-950">{testimonial.name}</span>
              {testimonial.role ? <span className="text-sm text-slate-600">{testimonial.role}</span> : null}
            </span>
          </figcaption>
        </figure>
      </div>
    </div>
  );
}

/** Issue 44: the pages of the towns with most coaches, from the data; left out until a town has a coach. */
function Places() {
  const places = usePopularPlaces();
  if (places.length === 0) return null;
  return (
    <section className="px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="places-title">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="places-title" eyebrow="Near you" title="Coaches by town" />
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {places.map((place) => (
            <li key={place.path}>
              <Link
                href={place.path}
                className={`${CARD_CLASS} flex h-full flex-col p-4 font-semibold text-field-900 hover:border-field-600 focus-visible:outline-2 focus-visible:outline-accent-400`}
              >
                {place.heading}
                <span className="text-sm font-normal text-slate-600">
                  {place.coachCount} {place.coachCount === 1 ? "coach" : "coaches"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Up to 6 testimonials, and the whole section only when there is at least one (player-side 1). */
function Testimonials() {
  const { data } = useTestimonials();
  const intro = useContentText("testimonials");
  const shown = (data ?? []).slice(0, MAX_LANDING_TESTIMONIALS);
  if (shown.length === 0) return null;
  return (
    <section className="px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="testimonials-title" data-testid="testimonials">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title={intro.title} intro={intro.content || undefined} />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Help() {
  const faqs = LANDING_FAQ;
  return (
    <section id="help" className="bg-field-50 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="help-title">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="help-title" eyebrow="Help Center" title="Common questions" />
        <div className="flex flex-col gap-3">
          {faqs.map((f) => (
            <details key={f.q} className="group rounded-xl bg-white p-4 shadow-sm open:shadow-md">
              <summary className="cursor-pointer rounded font-semibold text-field-950 marker:text-field-600 focus-visible:outline-2 focus-visible:outline-accent-400">
                {f.q}
              </summary>
              <p className="mt-2 text-slate-700">{f.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

function ClosingCall() {
  const cta = useContentText("cta");
  return (
    <section className="bg-field-900 px-4 py-16 text-center text-white sm:px-6" aria-labelledby="cta-title">
      <h2 id="cta-title" className="font-display text-3xl font-bold uppercase sm:text-4xl">
        {cta.title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-field-100">{cta.content}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className={LARGE_ACCENT_BUTTON_CLASS} onClick={goTo("/find-coaches")}>
          Start Training
        </button>
        <button type="button" className={LARGE_OUTLINE_ON_DARK_BUTTON_CLASS} onClick={goTo("/api/login?intent=coach")}>
          Start Coaching
        </button>
      </div>
    </section>
  );
}
