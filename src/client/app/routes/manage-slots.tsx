import { Repeat } from "lucide-react";
import { useState } from "react";
import { MAX_REPEAT_WEEKS } from "@contract/slot-basics";
import { Link } from "wouter";
import type { TimeSlot } from "@contract/slots";
import { CoachPage, CoachSlotsState } from "../coach-page";
import { Button } from "../../components/ui/button";
import { NoCoachProfile } from "../../features/coaches/components/no-coach-profile";
import { LiveIndicator } from "../../features/realtime/components/live-indicator";
import { useCalendarSocket } from "../../features/realtime/use-calendar-socket";
import { useCoachSlots } from "../../features/slots/api/get-coach-slots";
import { AddSlotsForm } from "../../features/slots/components/add-slots-form";
import { SlotFormDialog, type SlotCoach } from "../../features/slots/components/slot-form-dialog";
import { SlotList } from "../../features/slots/components/slot-list";

export function ManageSlotsPage() {
  return (
    <CoachPage>
      {(user, coach) => (
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
          <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Manage Time Slots</h1>
          {coach ? (
            <SlotManager coach={{ id: coach.id, timeZone: coach.timeZone }} />
          ) : (
            <NoCoachProfile text="Create your coach profile before you publish time slots." />
          )}
        </div>
      )}
    </CoachPage>
  );
}

function SlotManager({ coach }: { coach: SlotCoach }) {
  const live = useCalendarSocket({ coachId: coach.id });
  const slots = useCoachSlots(coach.id);
  const [editing, setEditing] = useState<TimeSlot | undefined>();
  const [addingWeekly, setAddingWeekly] = useState(false);

  return (
    <>
      <AddSlotsForm coach={coach} />
      {/* The dashboard's slot dialog, whose "Repeat weekly" makes a series (DESIGN.md 11). */}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={() => setAddingWeekly(true)}>
          <Repeat aria-hidden /> Repeat weekly
        </Button>
        <p className="text-sm text-slate-600">The same time every week, up to {MAX_REPEAT_WEEKS} weeks.</p>
      </div>
      <section className="flex flex-col gap-4" aria-labelledby="your-slots">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="your-slots" className="font-display text-2xl font-bold text-field-950 uppercase">
            Your Time Slots
          </h2>
          <div className="flex items-center gap-2">
            <LiveIndicator state={live} />
            <Button asChild variant="ghost" size="sm">
              <Link href="/coach-dashboard">Back to dashboard</Link>
            </Button>
          </div>
        </div>
        <CoachSlotsState
          slots={slots}
          render={(list) => <SlotList slots={list} onEdit={setEditing} emptyText="No upcoming time slots yet. Add some above." />}
        />
      </section>
      <SlotFormDialog coach={coach} open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} slot={editing} />
      <SlotFormDialog coach={coach} open={addingWeekly} onOpenChange={setAddingWeekly} />
    </>
  );
}
