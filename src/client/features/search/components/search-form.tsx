import type { FormEvent } from "react";
import { POSITIONS } from "../../../../contract/coaches";
import { SEARCH_RADIUS_OPTIONS } from "../../../../contract/search";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import type { SearchParams } from "../last-search";

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
        <Select value={value.position} onValueChange={(position) => onChange({ position })}>
          <FormField label="Position">
            <SelectTrigger>
              <SelectValue placeholder="Select a position" />
            </SelectTrigger>
          </FormField>
          <SelectContent>
            {POSITIONS.map((p) => (
              <SelectItem key={p} value={p}>
                {p}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
        <Select value={String(value.radius)} onValueChange={(radius) => onChange({ radius: Number(radius) })}>
          <FormField label="Radius">
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
          </FormField>
          <SelectContent>
            {SEARCH_RADIUS_OPTIONS.map((r) => (
              <SelectItem key={r} value={String(r)}>
                {r} miles
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button type="submit" isLoading={isSearching}>
          Search
        </Button>
      </div>
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
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
