import { Badge } from "./ui/badge";

/** "Weekly · week 2 of 8": the weeks of one series, grouped visibly wherever they are listed (DESIGN.md 11). */
export function SeriesBadge({ label }: { label: string | undefined }) {
  if (!label) return null;
  return (
    <Badge variant="outline" data-testid="series-label">
      {label}
    </Badge>
  );
}
