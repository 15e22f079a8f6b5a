import { CalendarCheck, CalendarClock, ChevronRight, CreditCard, LayoutDashboard, MessageSquare, Search, UserCog } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link } from "wouter";
import { Card } from "../../components/ui/card";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";

// The week's summary loads just after the greeting and the cards (Home's budget).
const FamilyWeek = lazyWithReload(async () => ({ default: (await import("../home-week")).FamilyWeek }));
const CoachToday = lazyWithReload(async () => ({ default: (await import("../home-week")).CoachToday }));

type HomeCard = { title: string; text: string; href: string; icon: ReactNode };

/** player-side 2 (player home); the coach cards are in coach-side. */
const playerCards: HomeCard[] = [
  { title: "Find Training", text: "Search coaches near you and book a session.", href: paths.findCoaches, icon: <Search aria-hidden /> },
  { title: "My Bookings", text: "See your upcoming and past sessions.", href: paths.myBookings, icon: <CalendarCheck aria-hidden /> },
  {
    title: "My Requests",
    text: "Follow the session times you asked coaches for.",
    href: paths.mySessionRequests,
    icon: <MessageSquare aria-hidden />,
  },
];

const coachCards: HomeCard[] = [
  { title: "Dashboard", text: "Your bookings, requests and earnings.", href: paths.coachDashboard, icon: <LayoutDashboard aria-hidden /> },
  { title: "Manage Time Slots", text: "Publish the times players can book.", href: paths.manageSlots, icon: <CalendarClock aria-hidden /> },
  { title: "My Profile", text: "Your public coach profile and rates.", href: paths.coachSetup, icon: <UserCog aria-hidden /> },
  { title: "Payment Setup", text: "Connect the account you get paid into.", href: paths.stripeConnect, icon: <CreditCard aria-hidden /> },
];

/** An admin's own pages (their navigation): no card leads to a page only players may open. */
const adminCards: HomeCard[] = [
  { title: "Admin Panel", text: "Edit content blocks and testimonials.", href: paths.admin, icon: <UserCog aria-hidden /> },
  { title: "Find Training", text: "See coaches as players find them.", href: paths.findCoaches, icon: <Search aria-hidden /> },
];

export function HomePage() {
  const { user } = useCurrentUser();
  const isCoach = user?.userType === "coach";
  const cards = isCoach ? coachCards : user?.userType === "admin" ? adminCards : playerCards;
  return (
    <div>
      <section className="bg-field-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <p className="font-display text-sm font-bold tracking-[0.2em] text-accent-400 uppercase">
            {isCoach ? "Coach home" : user?.userType === "admin" ? "Admin home" : "Player home"}
          </p>
          <h1 className="mt-2 font-display text-4xl font-bold uppercase sm:text-5xl">
            Welcome back, {user?.firstName || (isCoach ? "Coach" : "Player")}!
          </h1>
          <p className="mt-2 max-w-xl text-field-100">
            {isCoach ? "Everything you need to run your coaching business." : "Pick up where you left off and keep improving."}
          </p>
        </div>
      </section>
      {isCoach ? (
        // A coach's day comes first (issue 47); its frame holds the place while it loads.
        <Suspense fallback={<div className="min-h-40" aria-hidden />}>
          <CoachToday />
        </Suspense>
      ) : null}
      <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-label="Shortcuts">
        <ul className={isCoach ? "grid gap-5 sm:grid-cols-2" : "grid gap-5 sm:grid-cols-2 lg:grid-cols-3"}>
          {cards.map((card) => (
            <li key={card.href}>
              <Link
                href={card.href}
                className="group block h-full rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              >
                <Card className="flex h-full items-center gap-4 p-5 transition-all group-hover:-translate-y-0.5 group-hover:border-field-600 group-hover:shadow-md sm:p-6">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-field-700 text-accent-300 [&_svg]:size-6">
                    {card.icon}
                  </span>
                  <span className="flex flex-1 flex-col gap-1">
                    <span className="font-display text-xl font-bold text-field-950 uppercase">{card.title}</span>
                    <span className="text-sm text-slate-600">{card.text}</span>
                  </span>
                  <ChevronRight aria-hidden className="size-5 text-slate-400 group-hover:text-field-700" />
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {user?.userType === "player" ? (
        <Suspense fallback={null}>
          <FamilyWeek ownName={user.firstName || "You"} />
        </Suspense>
      ) : null}
    </div>
  );
}
