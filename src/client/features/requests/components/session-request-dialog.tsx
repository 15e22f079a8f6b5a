import { Send } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import type { RateResponse, SessionType } from "@contract/coach-basics";
import {
  MAX_REQUEST_MESSAGE_LENGTH,
  REQUEST_DEFAULT_DURATION,
  REQUEST_DEFAULT_START_TIME,
  SessionRequestMessages,
} from "@contract/request-basics";
import { addMinutesToTime, TIME_OPTIONS } from "@contract/time";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { fieldControlClass, Input } from "@client/components/ui/input";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { cn } from "@client/lib/cn";
import { useSchemaForm } from "@client/lib/form-errors";
import { isUnauthorized } from "@client/lib/api-client";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useCreateSessionRequest } from "../api/create-session-request";
import { formatSessionTime } from "@client/lib/when";
import { sessionTypeLabel } from "./request-format";
import {
  offeredDurations,
  offeredTypes,
  priceOf,
  rateFor,
  requestFormSchema,
  thresholdDate,
  tomorrow,
  type RequestFormValues,
} from "./request-form";

export type SessionRequestDialogProps = {
  coach: { id: number; name: string; rates: RateResponse[]; timeZone?: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The athlete the session is for (the page's picker, DESIGN.md 11); the family's only one when absent. */
  athleteId?: number | null;
  /**
   * The page's athlete picker, shown in the form. It chooses a family's only athlete itself; until
   * `athleteId` is set a family of two or more has not chosen, and the request waits (DESIGN.md 12).
   */
  athletePicker?: ReactNode;
};

function initialDraft(rates: RateResponse[], timeZone: string | undefined): RequestFormValues {
  const sessionType = offeredTypes(rates)[0] ?? "individual";
  const durations = offeredDurations(rates, sessionType);
  const duration = durations.includes(REQUEST_DEFAULT_DURATION) ? REQUEST_DEFAULT_DURATION : (durations[0] ?? REQUEST_DEFAULT_DURATION);
  return { sessionType, duration, date: tomorrow(Date.now(), timeZone), startTime: REQUEST_DEFAULT_START_TIME, message: "", groupSize: 2 };
}

/**
 * player-side 2: ask a coach for a time that is not on their calendar. Only the coach's rated
 * combinations are offered; the date and the 4-hour rule are read on the coach's clock.
 */
export function SessionRequestDialog({ coach, open, onOpenChange, athleteId, athletePicker }: SessionRequestDialogProps) {
  const [isSending, setIsSending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !isSending && onOpenChange(next)}>
      {/* Mounted per opening: each one starts from the defaults (tomorrow at 09:00), not from the last attempt. */}
      {open ? (
        <RequestForm
          coach={coach}
          onOpenChange={onOpenChange}
          onSendingChange={setIsSending}
          athleteId={athleteId}
          athletePicker={athletePicker}
        />
      ) : null}
    </Dialog>
  );
}

function RequestForm({
  coach,
  onOpenChange,
  onSendingChange,
  athleteId,
  athletePicker,
}: Pick<SessionRequestDialogProps, "coach" | "onOpenChange" | "athleteId" | "athletePicker"> & {
  onSendingChange: (isSending: boolean) => void;
}) {
  const [initial] = useState(() => initialDraft(coach.rates, coach.timeZone));
  const form = useSchemaForm(requestFormSchema(coach.rates, coach.timeZone), initial);
  const draft = form.watch();
  const problem = form.formState.errors.root?.message;
  const createRequest = useCreateSessionRequest();
  const { isPending } = createRequest;
  useEffect(() => onSendingChange(isPending), [isPending, onSendingChange]);

  const clock = { date: draft.date, timeZone: coach.timeZone };
  const types = offeredTypes(coach.rates);
  const durations = offeredDurations(coach.rates, draft.sessionType);
  const price = priceOf(rateFor(coach.rates, draft.sessionType, draft.duration));
  const [minDate] = useState(() => thresholdDate(Date.now(), coach.timeZone));
  const endTime = addMinutesToTime(draft.startTime, draft.duration);

  const update = (patch: Partial<RequestFormValues>) => {
    form.clearErrors();
    const next = { ...form.getValues(), ...patch };
    // A new session type keeps its duration only when the coach has a rate for that combination.
    if (patch.sessionType && !rateFor(coach.rates, next.sessionType, next.duration)) {
      next.duration = offeredDurations(coach.rates, next.sessionType)[0] ?? next.duration;
    }
    form.update({ ...patch, duration: next.duration });
  };

  const mustChooseAthlete = !!athletePicker && athleteId == null;
  const submit = form.submit(async (sent) => {
    try {
      await createRequest.mutateAsync({
        coachId: coach.id,
        ...(athleteId ? { athleteId } : {}),
        requestedDate: sent.date,
        requestedStartTime: sent.startTime,
        requestedEndTime: addMinutesToTime(sent.startTime, sent.duration) ?? undefined,
        sessionType: sent.sessionType,
        duration: sent.duration,
        groupSize: sent.sessionType === "group" ? sent.groupSize : undefined,
        totalAmount: priceOf(rateFor(coach.rates, sent.sessionType, sent.duration))?.total,
        message: sent.message.trim() || undefined,
      });
      toast({
        title: SessionRequestMessages.SENT,
        description: `${coach.name} will be notified and can accept or decline your request.`,
        variant: "success",
      });
      onOpenChange(false);
    } catch (error) {
      if (isUnauthorized(error)) return;
      toast({ title: "Error", description: messageOr(error, SessionRequestMessages.SEND_FAILED), variant: "destructive" });
    }
  });

  const selectClass = cn(fieldControlClass, "h-11");
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Request a Session</DialogTitle>
        <DialogDescription>
          Ask {coach.name} for a time that suits you. Requests must be made at least 4 hours before the session.
        </DialogDescription>
      </DialogHeader>
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {athletePicker}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Session type">
            <select
              className={selectClass}
              value={draft.sessionType}
              onChange={(e) => update({ sessionType: e.target.value as SessionType })}
            >
              {(types.length ? types : (["individual"] as SessionType[])).map((type) => (
                <option key={type} value={type}>
                  {sessionTypeLabel(type)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Duration">
            <select className={selectClass} value={draft.duration} onChange={(e) => update({ duration: Number(e.target.value) })}>
              {(durations.length ? durations : [draft.duration]).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          </FormField>
          {draft.sessionType === "group" ? (
            <FormField label="Group size" hint="Seats in the group session, yours included; the others are open to other players.">
              <select className={selectClass} value={draft.groupSize} onChange={(e) => update({ groupSize: Number(e.target.value) })}>
                {[2, 3, 4, 5, 6, 7, 8, 9, 10].map((size) => (
                  <option key={size} value={size}>
                    {size} players
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
          <FormField label="Date">
            <Input type="date" value={draft.date} min={minDate} required onChange={(e) => update({ date: e.target.value })} />
          </FormField>
          <FormField label="Start time" hint={endTime ? `Ends at ${formatSessionTime(endTime, clock) ?? endTime}` : undefined}>
            <select className={selectClass} value={draft.startTime} onChange={(e) => update({ startTime: e.target.value })}>
              {TIME_OPTIONS.map((time) => (
                <option key={time} value={time}>
                  {formatSessionTime(time, clock) ?? time}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField label="Message (optional)" hint={`${draft.message.length}/${MAX_REQUEST_MESSAGE_LENGTH}`}>
          <Textarea
            rows={3}
            maxLength={MAX_REQUEST_MESSAGE_LENGTH}
            value={draft.message}
            placeholder="What would you like to work on?"
            onChange={(e) => update({ message: e.target.value })}
          />
        </FormField>

        {price ? (
          <dl className="grid grid-cols-3 gap-2 rounded-xl bg-field-50 p-3 text-sm" aria-label="Price">
            <div>
              <dt className="text-slate-600">Session</dt>
              <dd className="font-semibold">${price.rate}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Platform fee (15%)</dt>
              <dd className="font-semibold">${price.platformFee}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Total</dt>
              <dd className="font-bold text-field-900" data-testid="request-total">
                ${price.total}
              </dd>
            </div>
          </dl>
        ) : null}

        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}

        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" disabled={createRequest.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={createRequest.isPending} disabled={mustChooseAthlete}>
            <Send aria-hidden /> Send Request
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
