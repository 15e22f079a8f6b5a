import { Button } from "./button";
import { DialogFooter } from "./dialog";

/**
 * A dialog form's two buttons: the way out (a plain button, disabled while the form is sent) and
 * the form's submit button, busy meanwhile. Its own file: only the forms that load with their
 * dialog import it, not the pages that draw dialogs (dialog.tsx is on their first screen).
 */
export function DialogFormFooter({
  cancelLabel,
  submitLabel,
  isPending,
  onCancel,
  destructive = false,
}: {
  cancelLabel: string;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={destructive ? "destructive" : "primary"} isLoading={isPending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
