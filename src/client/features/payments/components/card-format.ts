/** "4242424242424242" -> "4242 4242 4242 4242" (digits only, at most 19). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1229" -> "12 / 29"; a lone first digit above 1 becomes a padded month ("4" -> "04 / "). */
export function formatExpiry(value: string, previous = ""): string {
  let digits = value.replace(/\D/g, "").slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the " / " separator deletes the month's last digit rather than getting stuck.
  if (previous.endsWith(" / ") && value.length < previous.length) digits = digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2 && !previous.endsWith(" / ")) return `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** MM / YY with a real month; the simulated provider decides by the card number, the form checks the shape. */
export function isCompleteExpiry(value: string): boolean {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(value);
  return !!match && Number(match[1]) >= 1 && Number(match[1]) <= 12;
}

export function cardDigits(value: string): string {
  return value.replace(/\D/g, "");
}
