import { coachRateNote } from "@contract/money";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { RATE_FIELDS, type RateKey, type RateValues } from "./coach-form-values";

/** The four rate inputs (digits and a point only), each with both sides of its price (issue 29). */
export function RateGrid({
  rates,
  onChange,
  errors,
  labels,
  placeholder,
}: {
  rates: RateValues;
  onChange: (key: RateKey, value: string) => void;
  errors?: Partial<Record<RateKey, { message?: string }>>;
  /** The profile page says "Individual 30 min", the onboarding "Individual, 30 minutes". */
  labels: "short" | "long";
  placeholder: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {RATE_FIELDS.map((field) => (
        <FormField
          key={field.key}
          label={`${labels === "short" ? field.shortLabel : field.label} ($)`}
          error={errors?.[field.key]?.message}
          hint={coachRateNote(rates[field.key].trim()) ?? undefined}
        >
          <Input
            inputMode="decimal"
            placeholder={placeholder}
            value={rates[field.key]}
            onChange={(e) => onChange(field.key, e.target.value.replace(/[^\d.]/g, ""))}
          />
        </FormField>
      ))}
    </div>
  );
}
