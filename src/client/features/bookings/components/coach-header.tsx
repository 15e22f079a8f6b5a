import { MapPin } from "lucide-react";
import { fullName } from "@contract/names";

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
      {photo ? (
        <img src={photo} alt={name} className="size-20 rounded-full object-cover ring-4 ring-field-100" />
      ) : (
        <span
          aria-hidden
          className="flex size-20 items-center justify-center rounded-full bg-field-700 font-display text-3xl font-bold text-white uppercase"
        >
          {name.charAt(0)}
        </span>
      )}
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
