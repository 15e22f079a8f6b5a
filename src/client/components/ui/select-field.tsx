import { DeferredSelect, type DeferredSelectProps } from "./deferred-select";
import { FormField } from "./form-field";
/**
 * A labelled select. FormField's wiring (id, label, aria) lands on the button the user sees, the
 * stand-in's or Radix's trigger. A form of several selects (the player's profile) would otherwise
 * mount every list's items on its first draw, which Radix does even while closed.
 */
export function SelectField({ label, ...select }: DeferredSelectProps & { label: string }) {
  return (
    <FormField label={label}>
      <DeferredSelect {...select} />
    </FormField>
  );
}
