import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@contract/notification-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { PageHeader } from "../../components/ui/page-header";
import { FullPageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../../features/notifications/api/notification-preferences";
import { isUnauthorized } from "../../lib/api-client";
import { messageOr } from "../../lib/handle-unauthorized";
import { isThisDeviceOn, PUSH_TEXTS, pushSupported, turnOnThisDevice } from "../../lib/push-device";

export const TURN_ON_DEVICE_TEXT = "Turn on notifications on this device";

/** "Turn on notifications on this device": permission, the service worker's subscription, the server told. */
function ThisDevice() {
  const [state, setState] = useState<"unknown" | "off" | "on" | "working">("unknown");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void isThisDeviceOn().then((on) => live && setState(on ? "on" : "off"));
    return () => {
      live = false;
    };
  }, []);
  const turnOn = async () => {
    setProblem(null);
    setState("working");
    try {
      await turnOnThisDevice();
      setState("on");
    } catch (err) {
      setProblem(messageOr(err, PUSH_TEXTS.UNSUPPORTED));
      setState("off");
    }
  };
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold text-field-950">This device</h2>
        {!pushSupported() ? (
          <p className="text-slate-700">{PUSH_TEXTS.UNSUPPORTED}</p>
        ) : state === "on" ? (
          <p role="status" className="text-slate-700">
            {PUSH_TEXTS.TURNED_ON}
          </p>
        ) : (
          <>
            <p className="text-slate-700">Push notifications appear on this phone or computer even when LaxCoach is closed.</p>
            <Button
              type="button"
              className="h-auto min-h-11 self-start py-2 text-left whitespace-normal"
              onClick={() => void turnOn()}
              isLoading={state === "working"}
            >
              <BellRing aria-hidden />
              {TURN_ON_DEVICE_TEXT}
            </Button>
          </>
        )}
        {problem ? (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** DESIGN 12: for each kind of notice, e-mail, text message and push, each saved as soon as it is changed. */
export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const change = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    update.mutate(
      { [kind]: { [channel]: on } },
      {
        onError: (error) =>
          toast({ title: "Not saved", description: messageOr(error, "Could not save your choice."), variant: "destructive" }),
      },
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader title="Notifications" lead="Choose how LaxCoach tells you about messages, bookings, requests and reminders." />
      <ThisDevice />
      {preferences.isLoading ? (
        <FullPageSpinner label="Loading your notification settings..." />
      ) : preferences.isError ? (
        isUnauthorized(preferences.error) ? null : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            Failed to load your notification settings. Please try again later.
          </p>
        )
      ) : preferences.data ? (
        <div className="flex flex-col gap-3">
          {NOTIFICATION_KINDS.map((kind) => (
            <Card key={kind}>
              <CardContent className="p-4">
                <fieldset className="flex flex-col gap-3">
                  <legend className="text-lg font-semibold text-field-950">{NOTIFICATION_KIND_LABELS[kind].title}</legend>
                  <p className="text-sm text-slate-600">{NOTIFICATION_KIND_LABELS[kind].description}</p>
                  <div className="flex flex-wrap gap-x-6 gap-y-3">
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const id = `notify-${kind}-${channel}`;
                      return (
                        <div key={channel} className="flex min-h-11 items-center gap-2">
                          <Checkbox id={id} checked={preferences.data[kind][channel]} onCheckedChange={(on) => change(kind, channel, on)} />
                          <label htmlFor={id} className="cursor-pointer text-slate-800">
                            {NOTIFICATION_CHANNEL_LABELS[channel]}
                          </label>
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              </CardContent>
            </Card>
          ))}
          <p className="text-sm text-slate-600">Text messages go only to a phone number you agreed to receive texts on (your profile).</p>
        </div>
      ) : null}
    </div>
  );
}
