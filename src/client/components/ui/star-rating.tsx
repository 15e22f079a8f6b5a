import { Star } from "lucide-react";
import { cn } from "../../lib/cn";

/** Read-only stars for a whole or averaged rating; `label` is what a screen reader hears ("4 out of 5 stars" unless told). */
export function StarRow({ rating, className, label = `${rating} out of 5 stars` }: { rating: number; className?: string; label?: string }) {
  return (
    <span className={cn("inline-flex gap-0.5", className)} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-4", n <= Math.round(rating) ? "fill-accent-400 text-accent-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

/** A 1-5 star picker, one radio per star; `labels` names each star ("Poor" ... "Excellent"). */
export function StarPicker({ value, onChange, labels }: { value: number; onChange: (value: number) => void; labels: readonly string[] }) {
  return (
    <div className="flex items-center gap-1" role="radiogroup" aria-label="Rating">
      {labels.map((label, i) => {
        const star = i + 1;
        return (
          <button
            key={label}
            type="button"
            role="radio"
            aria-checked={value === star}
            aria-label={`${star} ${star === 1 ? "star" : "stars"}: ${label}`}
            title={label}
            onClick={() => onChange(star)}
            className="rounded p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400"
          >
            <Star aria-hidden className={cn("size-7", star <= value ? "fill-accent-400 text-accent-500" : "text-slate-300")} />
          </button>
        );
      })}
      <span className="ml-2 text-sm font-semibold text-field-900">{value ? labels[value - 1] : null}</span>
    </div>
  );
}

/** A required 1-5 star field: legend, picker and its error, announced to screen readers. */
export function StarRatingField(props: { value: number; onChange: (value: number) => void; labels: readonly string[]; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Rating *</legend>
      <StarPicker value={props.value} onChange={props.onChange} labels={props.labels} />
      {props.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
