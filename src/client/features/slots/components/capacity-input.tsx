import type { ComponentProps } from "react";
import { Input } from "@client/components/ui/input";
import { clampCapacity, digitsOnly } from "./slot-time";

type Props = Omit<ComponentProps<"input">, "value" | "onChange"> & { value: string; onValueChange: (value: string) => void };

/** coach-side 5: digits only while typing, clamped to 2..10 when the field loses focus. */
export function CapacityInput({ value, onValueChange, onBlur, ...props }: Props) {
  return (
    <Input
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      {...props}
      value={value}
      onChange={(event) => onValueChange(digitsOnly(event.target.value))}
      onBlur={(event) => {
        onValueChange(clampCapacity(value));
        onBlur?.(event);
      }}
    />
  );
}
