import { FullPageSpinner } from "../../components/ui/spinner";
import { useCurrentUser } from "../../lib/current-user";
import { PlayerProfileForm } from "../../features/players/components/player-profile-form";

/** Players only (the router's role guard, contract/pages.ts). */
export function PlayerProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return <FullPageSpinner label="Loading..." />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">My Profile</h1>
        <p className="text-slate-600">Keep your details current so coaches know who they are training.</p>
      </header>
      <PlayerProfileForm user={user} />
    </div>
  );
}
