import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const fieldControlClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-field-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-300";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldControlClass, "h-11", className)} {...props} />;
}

/**
 * A field that holds digits only (a ZIP code, a security code, a count): a phone shows its number
 * pad, anything else typed or pasted is dropped, and at most `maxLength` digits are kept.
 */
export function DigitsInput({
  onValueChange,
  maxLength,
  ...props
}: Omit<ComponentProps<"input">, "onChange" | "inputMode"> & { onValueChange: (digits: string) => void }) {
  return (
    <Input
      inputMode="numeric"
      maxLength={maxLength}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, "").slice(0, maxLength))}
      {...props}
    />
  );
}
