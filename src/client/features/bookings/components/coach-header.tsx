import { MapPin } from "lucide-react";
import { fullName } from "@contract/names";
import { Avatar } from "@client/components/ui/avatar";

export type HeaderCoach = {
  title: string;
  location: string | null;
  profileImageUrl: string | null;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
};

/** Photo (or the first initial), name, title and location of the coach being booked. */
export function CoachHeader({ coach }: { coach: HeaderCoach }) {
  const name = fullName(coach.user) || "Coach";
  const photo = coach.profileImageUrl ?? coach.user.profileImageUrl;
  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} photo={photo} className="size-20 text-3xl ring-4 ring-field-100" />
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="font-display text-2xl font-bold text-field-950 uppercase sm:text-3xl">Book a Session with {name}</h1>
        <p className="font-medium text-field-800">{coach.title}</p>
        {coach.location ? (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="size-4" /> {coach.location}
          </p>
        ) : null}
      </div>
    </div>
  );
}
