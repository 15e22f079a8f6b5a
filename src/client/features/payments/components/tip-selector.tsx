import { useEffect, useId, useRef, useState } from "react";
import { TIP_QUICK_AMOUNTS } from "@contract/money";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";

const CUSTOM_TIP_DEBOUNCE_MS = 400;

/** A typed amount in cents: empty is 0, negatives become 0 (player-side 5), fractions of a cent round. */
export function customTipCents(text: string): number {
  const value = Number(text);
  if (!text.trim() || !Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value * 100);
}

/**
 * Add Tip (player-side 4): quick amounts or a custom amount; choosing a quick amount clears the
 * custom field. Each change reaches the server, which answers with the new totals.
 */
export function TipSelector({ disabled, onTipChange }: { disabled?: boolean; onTipChange: (tipCents: number) => void }) {
  const [quick, setQuick] = useState<number | null>(null);
  const [custom, setCustom] = useState("");
  const inputId = useId();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function chooseQuick(amount: number) {
    window.clearTimeout(timer.current);
    const next = quick === amount ? null : amount;
    setQuick(next);
    setCustom("");
    onTipChange(next === null ? 0 : next * 100);
  }

  function typeCustom(text: string) {
    const isNegative = text.trim().startsWith("-");
    const shown = isNegative ? "0" : text;
    setCustom(shown);
    setQuick(null);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onTipChange(customTipCents(shown)), CUSTOM_TIP_DEBOUNCE_MS);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-4 gap-2" role="group" aria-label="Quick tip amounts">
        {TIP_QUICK_AMOUNTS.map((amount) => (
          <Button
            key={amount}
            type="button"
            variant={quick === amount ? "primary" : "outline"}
            aria-pressed={quick === amount}
            disabled={disabled}
            onClick={() => chooseQuick(amount)}
          >
            ${amount}
          </Button>
        ))}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>Custom amount</Label>
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500">
            $
          </span>
          <Input
            id={inputId}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0.00"
            className="pl-7"
            value={custom}
            disabled={disabled}
            onChange={(e) => typeCustom(e.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
