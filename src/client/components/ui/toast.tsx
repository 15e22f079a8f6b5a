// Placeholder: replaced by the design-system work.
export function Toaster() {
  return null;
}
