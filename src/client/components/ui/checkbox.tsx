import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * The browser's own checkbox drawn as the design's box, with a check mark over it when ticked. No
 * Radix: find coaches shows one on its first screen, and a native checkbox needs no JavaScript of
 * its own to be labelled, focused, ticked with Space and announced (docs/PERFORMANCE.md).
 * `className` places the box (margins); `id`, `disabled` and aria attributes go to the input.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn("relative inline-flex size-5 shrink-0", className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        className="peer size-5 shrink-0 cursor-pointer appearance-none rounded border-2 border-slate-400 bg-white checked:border-field-700 checked:bg-field-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <Check
        aria-hidden
        strokeWidth={3}
        className="pointer-events-none absolute top-1/2 left-1/2 hidden size-3.5 -translate-x-1/2 -translate-y-1/2 text-white peer-checked:block"
      />
    </span>
  );
}
