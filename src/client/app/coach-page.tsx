import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CurrentUser } from "../../contract/accounts";
import type { CoachResponse } from "../../contract/coaches";
import type { TimeSlot } from "../../contract/slots";
import { FullPageSpinner, Spinner } from "../components/ui/spinner";
import { useCurrentUser } from "../lib/current-user";
import { useCoachProfileOfUser } from "../features/coaches/api/get-coach-profile";
import { LoadError } from "../features/coaches/components/load-error";

type RenderCoachPage = (user: CurrentUser, coach: CoachResponse | null) => ReactNode;

/**
 * A coach-only page (the router's role guard, contract/pages.ts) that needs the signed-in coach's
 * profile: a spinner while the profile loads or a retryable error, then the page. `coach` is null
 * while the coach has no profile yet; each page decides what that means (the setup page creates one).
 */
export function CoachPage({ children }: { children: RenderCoachPage }) {
  return <CoachProfileGate render={children} />;
}

function CoachProfileGate({ render }: { render: RenderCoachPage }) {
  const { user } = useCurrentUser();
  const profile = useCoachProfileOfUser(user?.id);
  if (!user || profile.isLoading) return <FullPageSpinner label="Loading..." />;
  if (profile.isError) {
    return <LoadError onRetry={() => void profile.refetch()} text="Could not load your coach profile. Please try again." />;
  }
  return <>{render(user, profile.data ?? null)}</>;
}

/** The coach's own time slots on the dashboard and the slots page: a spinner, a retryable error, then `render` with the list. */
export function CoachSlotsState({ slots, render }: { slots: UseQueryResult<TimeSlot[]>; render: (list: TimeSlot[]) => ReactNode }) {
  if (slots.isLoading) return <Spinner label="Loading time slots..." />;
  if (slots.isError) return <LoadError onRetry={() => void slots.refetch()} text="Could not load your time slots. Please try again." />;
  return <>{render(slots.data ?? [])}</>;
}
