import { CoachPage } from "../coach-page";
import { CoachProfileForm } from "../../features/coaches/components/coach-profile-form";

export function CoachSetupPage() {
  return (
    <CoachPage>
      {(user, coach) => (
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
      )}
    </CoachPage>
  );
}
