/**
 * One copy of each text many entries repeat (a time zone, a specialization, a field's name, a town):
 * at 100,000 coaches, a copy per coach costs megabytes of heap (docs/PERFORMANCE.md, "Memory").
 * Bounded: past `limit` distinct texts, a new text is kept as given, so free text cannot grow it
 * without end.
 */
export function textInterner(limit = 50_000): (text: string) => string {
  const texts = new Map<string, string>();
  return (text) => {
    const known = texts.get(text);
    if (known !== undefined) return known;
    if (texts.size < limit) texts.set(text, text);
    return text;
  };
}
