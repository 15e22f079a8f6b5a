import { CalendarSync } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, IconCardHeader } from "@client/components/ui/card";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { toastFailure } from "@client/lib/toast-failure";
import { useCalendarToken, useRevokeCalendarToken } from "../api/calendar-token";

/** The private feed: subscribe once and every session appears (and cancellations disappear) by itself. */
export function CalendarFeedCard() {
  const [shown, setShown] = useState(false);
  const token = useCalendarToken(shown);
  const revoke = useRevokeCalendarToken();

  function revokeLink() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setShown(false);
        toast({
          title: "Calendar link revoked",
          description: "The old link no longer works. Get a new one whenever you like.",
          variant: "success",
        });
      },
      onError: (err) => {
        toastFailure(err, "Error", { fallback: "Failed to revoke the link." });
      },
    });
  }

  return (
    <Card>
      <IconCardHeader icon={CalendarSync}>Calendar Feed</IconCardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">
          Subscribe to this private link in Google Calendar, Apple Calendar or Outlook to see all your sessions. Anyone with the link can
          see them, so keep it to yourself.
        </p>
        {!shown ? (
          <Button variant="outline" className="self-start" onClick={() => setShown(true)}>
            Show my calendar link
          </Button>
        ) : token.isLoading ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : token.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your calendar link.
          </p>
        ) : token.data ? (
          <div className="flex flex-col gap-2">
            <Input readOnly aria-label="Calendar feed link" value={token.data.url} onFocus={(e) => e.currentTarget.select()} />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void navigator.clipboard?.writeText(token.data!.url).then(() => toast({ title: "Link copied", variant: "success" }))
                }
              >
                Copy link
              </Button>
              <Button variant="outline" size="sm" onClick={revokeLink} isLoading={revoke.isPending}>
                Revoke link
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
