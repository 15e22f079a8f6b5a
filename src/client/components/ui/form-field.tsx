import { Slot } from "radix-ui";
import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

type FormFieldProps = {
  label: ReactNode;
  /** The validation message for this field; shown under the control and linked to it. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Exactly one control element; it receives id, aria-invalid and aria-describedby. */
  children: ReactNode;
  id?: string;
  /** Shows the required marker beside the label (the control carries its own `required`). */
  required?: boolean;
};

/** A label, one control and its error message, wired together for assistive technology. */
export function FormField({ label, error, hint, className, children, id, required = false }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </Label>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
