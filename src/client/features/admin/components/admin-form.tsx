import { useState, type BaseSyntheticEvent, type ReactNode } from "react";
import type { FieldValues, UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { useSchemaForm } from "@client/lib/form-errors";
import { notifyFailed, notifySaved } from "./admin-feedback";

/** Create or edit in a dialog opened by `trigger`; the form inside gets `onSaved` to close it. */
export function AdminFormDialog({
  title,
  description,
  trigger,
  children,
}: {
  title: string;
  description: string;
  trigger: ReactNode;
  children: (onSaved: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the item's current values. */}
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

/**
 * coach-side 8: an admin form checks as the user types after the first send; a save confirms with
 * "Success", a refusal puts the server's message under the field it names (focused) and toasts
 * the spec's failure text.
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
  {
    save,
    savedText,
    failedText,
    onSaved,
  }: { save: (values: z.output<S>) => Promise<unknown>; savedText: string; failedText: string; onSaved: () => void },
) {
  const form = useSchemaForm(schema, defaultValues, { toastOnInvalid: false, revalidate: "onChange" });
  const onSubmit = form.submit(async (values) => {
    try {
      await save(values);
      notifySaved(savedText);
      onSaved();
    } catch (error) {
      form.showServerError(error, { shouldFocus: true });
      notifyFailed(error, failedText);
    }
  });
  return { form, onSubmit };
}

/** The admin form's fields, then its submit button ("Save Changes" when editing). */
export function AdminForm({
  onSubmit,
  isSaving,
  isEditing,
  createText,
  children,
}: {
  onSubmit: (event: BaseSyntheticEvent) => Promise<unknown>;
  isSaving: boolean;
  isEditing: boolean;
  createText: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      {children}
      <Button type="submit" isLoading={isSaving} className="w-full sm:w-auto sm:self-end">
        {isSaving ? "Saving..." : isEditing ? "Save Changes" : createText}
      </Button>
    </form>
  );
}

export function ImageUrlField({ error, input }: { error?: string; input: UseFormRegisterReturn }) {
  return (
    <FormField label="Image URL" error={error} hint="Optional. https://... or a path on this site.">
      <Input type="url" inputMode="url" autoComplete="off" {...input} />
    </FormField>
  );
}

/** Order inputs: register with `{ setValueAs: numberOrUndefined }`. */
export function OrderField({ error, input, className }: { error?: string; input: UseFormRegisterReturn; className?: string }) {
  return (
    <FormField label="Order" error={error} hint="Lower numbers come first.">
      <Input type="number" inputMode="numeric" step={1} className={className} {...input} />
    </FormField>
  );
}
