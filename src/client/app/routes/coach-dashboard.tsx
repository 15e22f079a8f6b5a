import { CalendarDays, List, Plus } from "lucide-react";
import { Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link } from "wouter";
import type { TimeSlot } from "@contract/slots";
import { CoachPage, CoachSlotsState } from "../coach-page";
import { Button } from "../../components/ui/button";
import { OneAtATime } from "../../components/ui/one-at-a-time";
import { PageHeader } from "../../components/ui/page-header";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { NoCoachProfile } from "../../features/coaches/components/no-coach-profile";
import { useCoachBookings } from "../../features/bookings/api/coach-bookings";
import { athletesBySlot } from "../../features/bookings/components/booking-groups";
import { CoachBookingSections } from "../../features/bookings/components/coach-booking-sections";
import { useCoachEarnings } from "../../features/payouts/api/coach-earnings";
import { usePaymentAccountStatus } from "../../features/payouts/api/payment-account";
import { EarningsStats } from "../../features/payouts/components/earnings-stats";
import { PayoutSetupBanner } from "../../features/payouts/components/coach-priorities";
import { NextSessionCard } from "../../features/bookings/components/next-session-card";
import { useCoachRequests } from "../../features/requests/api/get-coach-requests";
import { CoachRequestsSection } from "../../features/requests/components/coach-requests-section";
import { LiveIndicator } from "../../features/realtime/components/live-indicator";
import { useCalendarSocket } from "../../features/realtime/use-calendar-socket";
import { useCoachSlots } from "../../features/slots/api/get-coach-slots";
import type { SlotCoach } from "../../features/slots/components/slot-form-dialog";
import { SlotList } from "../../features/slots/components/slot-list";
import { WeeklyCalendar } from "../../features/slots/components/weekly-calendar";

// Below the first screen, each in a file of its own: the business charts and their range form, the
// packages, the credits families bought (each refundable pro rata, DESIGN.md 11), the review replies
// and the calendar feed. Their code (and the zod schemas their forms build as they load) is asked
// for together once the first screen is drawn, and each is drawn in tasks of its own after it
// (OneAtATime): drawn in the same task, they were the page's longest on a phone (docs/PERFORMANCE.md).
const loadBusiness = () => import("../../features/progress/components/coach-business");
const loadPackages = () => import("../../features/packages/components/package-manager");
const loadCredits = () => import("../../features/packages/components/my-credits");
const loadReviews = () => import("../../features/reviews/components/review-replies");
const loadCalendarFeed = () => import("../../features/calendar/components/calendar-feed-card");
const loadVerification = () => import("../../features/credentials/components/verification-section");
const CoachBusiness = lazyWithReload(async () => ({ default: (await loadBusiness()).CoachBusiness }));
const PackageManager = lazyWithReload(async () => ({ default: (await loadPackages()).PackageManager }));
const MyCredits = lazyWithReload(async () => ({ default: (await loadCredits()).MyCredits }));
const ReviewReplies = lazyWithReload(async () => ({ default: (await loadReviews()).ReviewReplies }));
const CalendarFeedCard = lazyWithReload(async () => ({ default: (await loadCalendarFeed()).CalendarFeedCard }));
// DESIGN 12: the coach's credentials, what is due and the way to renew it.
const VerificationSection = lazyWithReload(async () => ({ default: (await loadVerification()).VerificationSection }));
// Issue 44: the public link, its chat preview and the flyer's QR code (the QR library loads with the section, not here).
const loadShare = () => import("../../features/coaches/components/share-profile-section");
const ShareProfileSection = lazyWithReload(async () => ({ default: (await loadShare()).ShareProfileSection }));
const loadBelowTheFirstScreen = () =>
  Promise.all([loadVerification(), loadBusiness(), loadPackages(), loadCredits(), loadReviews(), loadCalendarFeed(), loadShare()]);
// The add / edit dialog, closed at first: its form and schemas load after the page, not in it.
const SlotFormDialog = lazyWithReload(async () => ({
  default: (await import("../../features/slots/components/slot-form-dialog")).SlotFormDialog,
}));

export function CoachDashboardPage() {
  return (
    <CoachPage>
      {(user, coach) =>
        coach ? (
          <Dashboard firstName={user.firstName} coach={{ id: coach.id, timeZone: coach.timeZone }} />
        ) : (
          <div className="px-4 py-12">
            <NoCoachProfile text="Create your coach profile to open your dashboard, publish time slots and get booked." />
          </div>
        )
      }
    </CoachPage>
  );
}

type DialogState = { open: false } | { open: true; slot?: TimeSlot };

function Dashboard({ firstName, coach }: { firstName: string | null; coach: SlotCoach }) {
  // React Compiler (vite.config.ts): each answer to the page's reads re-rendered every section;
  // memoised, a section renders again only when what it is given changes.
  "use memo";
  const live = useCalendarSocket({ coachId: coach.id });
  const slots = useCoachSlots(coach.id);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const openEdit = (slot: TimeSlot) => setDialog({ open: true, slot });
  const available = (slots.data ?? []).filter((s) => s.isAvailable);
  const bookings = useCoachBookings();
  const seatNames = useMemo(() => athletesBySlot(bookings.data ?? []), [bookings.data]);
  // The first screen's reads land together: the sections render once they are in, so nothing moves
  // down as each one arrives (Lighthouse counted 0.3 of layout shift). Each keeps its own error state.
  const firstScreen = [usePaymentAccountStatus(), useCoachEarnings(), bookings, useCoachRequests(coach.id), slots];
  const settling = firstScreen.some((query) => query.isLoading);
  // The sections are drawn only once the reads are in, and in a render React may interrupt (a
  // deferred value renders as a transition, in slices of a few milliseconds): mounted while hidden,
  // each section rendered again in one task as each read arrived, and drawn together they were
  // tasks of 70-130 ms on Lighthouse's simulated phone (docs/PERFORMANCE.md).
  const ready = useDeferredValue(!settling, false);
  useEffect(() => {
    // A chunk that fails here is asked for again when its section renders, which shows the error.
    if (ready) loadBelowTheFirstScreen().catch(() => undefined);
  }, [ready]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Coach Dashboard"
        lead={`Welcome back${firstName ? `, ${firstName}` : ""}! Here is your coaching business at a glance.`}
      >
        <LiveIndicator state={live} />
        <Button asChild variant="outline" size="sm">
          <Link href="/manage-slots">Manage Time Slots</Link>
        </Button>
        <Button size="sm" onClick={() => setDialog({ open: true })}>
          <Plus aria-hidden /> Add Time Slot
        </Button>
      </PageHeader>

      {ready ? null : <Spinner label="Loading your dashboard..." />}
      {/* Issue 29: what needs the coach first (payout setup, requests to answer, the next session), figures after. */}
      {ready ? (
        <OneAtATime>
          <PayoutSetupBanner />
          <CoachRequestsSection coachId={coach.id} />
          <NextSessionCard />
          <EarningsStats />

          <Tabs defaultValue="list">
            <TabsList className="max-w-sm" aria-label="Dashboard view">
              <TabsTrigger value="list">
                <List aria-hidden className="mr-1.5 inline size-4" /> List view
              </TabsTrigger>
              <TabsTrigger value="calendar">
                <CalendarDays aria-hidden className="mr-1.5 inline size-4" /> Calendar view
              </TabsTrigger>
            </TabsList>

            <TabsContent value="list" className="flex flex-col gap-8">
              <OneAtATime>
                <CoachBookingSections sections={["awaitingPayment", "awaitingFeedback"]} />
                <section aria-labelledby="available-slots" className="flex flex-col gap-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id="available-slots" className="font-display text-2xl font-bold text-field-950 uppercase">
                      Available Time Slots
                    </h2>
                    <Button variant="outline" size="sm" onClick={() => setDialog({ open: true })}>
                      <Plus aria-hidden /> Add Time Slot
                    </Button>
                  </div>
                  <CoachSlotsState
                    slots={slots}
                    render={(list) => (
                      <SlotList
                        slots={available}
                        seriesOf={list}
                        onEdit={openEdit}
                        emptyText="No available time slots. Add one so players can book you."
                      />
                    )}
                  />
                </section>
                <CoachBookingSections sections={["list"]} />
              </OneAtATime>
            </TabsContent>

            <TabsContent value="calendar">
              <CoachSlotsState
                slots={slots}
                render={(list) => <WeeklyCalendar coach={coach} slots={list} onEdit={openEdit} seatNames={seatNames} />}
              />
            </TabsContent>
          </Tabs>

          <VerificationSection />
          <CoachBusiness timeZone={coach.timeZone} />
          <PackageManager coachId={coach.id} />
          <MyCredits title="Credits families bought" canRefund />
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <ReviewReplies />
            <CalendarFeedCard />
          </div>
          {/* Last: every section above keeps its place, and so its key (OneAtATime keys each child by its place). */}
          <ShareProfileSection />
        </OneAtATime>
      ) : null}

      {/* Asked for once the first screen is drawn (or the coach opens it first), not in the commit that mounts the page. */}
      {ready || dialog.open ? (
        <Suspense fallback={null}>
          <SlotFormDialog
            coach={coach}
            open={dialog.open}
            onOpenChange={(open) => !open && setDialog({ open: false })}
            slot={dialog.open ? dialog.slot : undefined}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
