import type { ComponentProps } from "react";
import { TIME_OPTIONS } from "@contract/time";
import { fieldControlClass } from "@client/components/ui/input";
import { cn } from "@client/lib/cn";
import { formatClock } from "@client/lib/when";

/**
 * coach-side 5: time choices are 15-minute steps. A native select: 96 choices scroll and type-ahead
 * better there, and phones show their own picker.
 */
export function TimeSelect({ className, ...props }: Omit<ComponentProps<"select">, "children">) {
  return (
    <select className={cn(fieldControlClass, "h-11", className)} {...props}>
      {TIME_OPTIONS.map((time) => (
        <option key={time} value={time}>
          {formatClock(time) ?? time}
        </option>
      ))}
    </select>
  );
}
