import type { FormEvent } from "react";
import { POSITIONS } from "@contract/coach-basics";
import { SEARCH_RADIUS_OPTIONS } from "@contract/search-basics";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { DeferredSelect } from "@client/components/ui/deferred-select";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import type { SearchParams } from "../last-search";

const positionOptions = POSITIONS.map((p) => ({ value: p, label: p }));
const radiusOptions = SEARCH_RADIUS_OPTIONS.map((r) => ({ value: String(r), label: `${r} miles` }));

type Props = {
  value: SearchParams;
  onChange: (patch: Partial<SearchParams>) => void;
  onSubmit: () => void;
  error: string | null;
  isSearching: boolean;
};

/** player-side 5: position, a ZIP code capped at 5 characters, radius 10/25/50/100 and include-unavailable. */
export function SearchForm({ value, onChange, onSubmit, error, isSearching }: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Search coaches">
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <FormField label="Position">
          <DeferredSelect
            value={value.position}
            onValueChange={(position) => onChange({ position })}
            options={positionOptions}
            placeholder="Select a position"
          />
        </FormField>
        <FormField label="Zipcode">
          <Input
            inputMode="numeric"
            maxLength={5}
            placeholder="e.g. 10001"
            value={value.zipcode}
            autoComplete="postal-code"
            onChange={(e) => onChange({ zipcode: e.target.value.slice(0, 5) })}
          />
        </FormField>
        <FormField label="Radius">
          <DeferredSelect
            value={String(value.radius)}
            onValueChange={(radius) => onChange({ radius: Number(radius) })}
            options={radiusOptions}
          />
        </FormField>
        <Button type="submit" isLoading={isSearching}>
          Search
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="include-unavailable"
            checked={value.includeUnavailable}
            onCheckedChange={(v) => onChange({ includeUnavailable: v === true })}
          />
          <Label htmlFor="include-unavailable" className="font-normal">
            Include coaches without available times
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="verified-only" checked={value.verified} onCheckedChange={(v) => onChange({ verified: v === true })} />
          <Label htmlFor="verified-only" className="font-normal">
            Verified coaches only
          </Label>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
