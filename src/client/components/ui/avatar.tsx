import { cn } from "../../lib/cn";

/**
 * A person's photo, else the first letter of their name on the brand colour. The letter is hidden
 * from screen readers: the name is always written beside it.
 */
export function Avatar({ name, photo, className }: { name: string; photo: string | null | undefined; className?: string }) {
  return photo ? (
    <img src={photo} alt={name} className={cn("shrink-0 rounded-full object-cover", className)} />
  ) : (
    <span
      aria-hidden
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-field-700 font-display font-bold text-white uppercase",
        className,
      )}
    >
      {name.charAt(0)}
    </span>
  );
}
