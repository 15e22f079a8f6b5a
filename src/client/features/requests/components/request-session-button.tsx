import { Suspense, useState } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { Button } from "@client/components/ui/button";
import type { SessionRequestDialogProps } from "./session-request-dialog";

// The dialog brings the form library, zod and Radix Dialog: they load when the player reaches for
// the button (hover, focus or click), not with the coach profile's first screen.
const loadDialog = () => import("./session-request-dialog");
const SessionRequestDialog = lazyWithReload(async () => ({ default: (await loadDialog()).SessionRequestDialog }));
const preload = () => void loadDialog().catch(() => undefined);

/** The coach profile's "Request Session" button with its dialog, for pages that need no control over it. */
export function RequestSessionButton({
  coach,
  athleteId,
  athletePicker,
  label = "Request Session",
  initiallyOpen = false,
}: Pick<SessionRequestDialogProps, "coach" | "athleteId" | "athletePicker"> & {
  label?: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  // Mounted from the first opening on, so closing keeps Radix's exit and focus return as before.
  const [asked, setAsked] = useState(initiallyOpen);
  return (
    <>
      <Button
        size="lg"
        variant={label === "Request Session" ? "primary" : "outline"}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <SessionRequestDialog coach={coach} open={open} onOpenChange={setOpen} athleteId={athleteId} athletePicker={athletePicker} />
        </Suspense>
      ) : null}
    </>
  );
}
