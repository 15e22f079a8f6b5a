import { RoleGuard } from "../role-guard";
import { FullPageSpinner } from "../../components/ui/spinner";
import { useCurrentUser } from "../../lib/current-user";
import { useCoachProfileOfUser } from "../../features/coaches/api/get-coach-profile";
import { CoachProfileForm } from "../../features/coaches/components/coach-profile-form";
import { LoadError } from "../../features/coaches/components/load-error";

export function CoachSetupPage() {
  return (
    <RoleGuard allow="coach">
      <CoachSetup />
    </RoleGuard>
  );
}

function CoachSetup() {
  const { user } = useCurrentUser();
  const profile = useCoachProfileOfUser(user?.id);
  if (!user || profile.isLoading) return <FullPageSpinner label="Loading..." />;
  if (profile.isError) {
    return (
      <LoadError error={profile.error} onRetry={() => void profile.refetch()} text="Could not load your coach profile. Please try again." />
    );
  }
  const coach = profile.data ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">
          {coach ? "Update Coach Profile" : "Coach Profile Setup"}
        </h1>
        <p className="text-slate-600">
          {coach ? "Keep your profile, rates and contact details current." : "Tell players who you are and what you offer."}
        </p>
      </header>
      <CoachProfileForm key={coach?.id ?? "new"} user={user} coach={coach} />
    </div>
  );
}
