import { useEffect, useRef, useState } from "react";
import type { DeferredSelectProps } from "./deferred-select";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "./select";

/** The Radix select behind DeferredSelect, loaded after the page's first screen. */
export function DeferredSelectView({
  value,
  onValueChange,
  options,
  placeholder,
  openOnMount,
  takesFocus,
  ...trigger
}: DeferredSelectProps & { openOnMount: boolean; takesFocus: () => boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The stand-in had the focus when this replaced it: the trigger takes it over (once, on mount).
  const [focusOnMount] = useState(takesFocus);
  useEffect(() => {
    if (focusOnMount) triggerRef.current?.focus();
  }, [focusOnMount]);
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={openOnMount}>
      <SelectTrigger ref={triggerRef} {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectOptions options={options} />
    </Select>
  );
}
