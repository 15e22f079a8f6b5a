import { ChevronDown } from "lucide-react";
import { Suspense, useId, useRef, useState, type ComponentProps } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { cn } from "../../lib/cn";
import { fieldControlClass } from "./input";

export type SelectOption = { value: string; label: string };

export type DeferredSelectProps = Omit<ComponentProps<"button">, "value" | "onChange" | "children"> & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown while no option is chosen. */
  placeholder?: string;
};

// Radix Select with its positioning and scroll-lock libraries is about 30 KB of gzipped
// JavaScript. A page whose first screen shows a select (find coaches) draws this stand-in, which
// looks the same, and loads the real one when the user reaches for it (pointer over it, focus, a
// touch): not on a timer, so a visitor who only reads the results never runs it
// (docs/PERFORMANCE.md, JavaScript per page).
const loadView = () => import("./deferred-select-view");
const DeferredSelectView = lazyWithReload(async () => ({ default: (await loadView()).DeferredSelectView }));

let viewLoaded = false;
const load = () =>
  loadView().then(
    () => void (viewLoaded = true),
    () => undefined,
  );

/**
 * A select (the Radix one, as `select.tsx`) for a page's first screen: a button that looks and is
 * labelled the same stands in for it until its code has loaded. A click or arrow key on the stand-in
 * opens the list as soon as it is there; focus moves over.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  const [wanted, setWanted] = useState(viewLoaded);
  const [openOnMount, setOpenOnMount] = useState(false);
  const focused = useRef(false);

  const standIn = (
    <StandIn
      {...props}
      onReach={() => void load()}
      onOpen={() => {
        setOpenOnMount(true);
        setWanted(true);
      }}
      onFocusChange={(isFocused) => (focused.current = isFocused)}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DeferredSelectView {...props} openOnMount={openOnMount} takesFocus={() => focused.current} />
    </Suspense>
  );
}

function StandIn({
  value,
  options,
  placeholder,
  className,
  onReach,
  onOpen,
  onFocusChange,
  onValueChange: _onValueChange,
  ...button
}: DeferredSelectProps & { onReach: () => void; onOpen: () => void; onFocusChange: (focused: boolean) => void }) {
  const chosen = options.find((option) => option.value === value);
  // Like Radix's trigger, the combobox names the list it opens (not rendered while closed).
  const listId = useId();
  return (
    <button
      type="button"
      role="combobox"
      aria-controls={listId}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={chosen ? undefined : ""}
      className={cn(
        fieldControlClass,
        "flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-slate-500",
        className,
      )}
      {...button}
      onPointerEnter={onReach}
      onFocus={() => {
        onReach();
        onFocusChange(true);
      }}
      // Removing the stand-in is no blur of the user's: the real select takes the focus over.
      onBlur={(event) => event.currentTarget.isConnected && onFocusChange(false)}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      <span style={{ pointerEvents: "none" }}>{chosen ? chosen.label : placeholder}</span>
      <ChevronDown aria-hidden className="size-4 opacity-70" />
    </button>
  );
}
