import { zodResolver } from "@hookform/resolvers/zod";
import type { BaseSyntheticEvent } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type SubmitHandler } from "react-hook-form";
import type { z } from "zod";
import { toast } from "../components/ui/toast";
import { ApiError } from "./api-client";

/** The toast the spec shows when a form cannot be sent. */
export type FormToast = { title: string; description: string };

type Issue = { message: string; params?: Record<string, unknown> };

/**
 * A form rule's failure: each named field gets `fieldMessage` (else the description) under it, and
 * the issue carries the toast, so the first failing rule decides what the toast says. Returns true
 * (the rule failed), so a rule can end with it.
 */
export function addToastIssue(ctx: z.RefinementCtx, toast: FormToast, paths: (string | number)[][], fieldMessage?: string): true {
  for (const path of paths.length > 0 ? paths : [[]]) {
    ctx.addIssue({ code: "custom", message: fieldMessage ?? toast.description, path, params: { toast } });
  }
  return true;
}

/** The first issue's own toast; a contract schema's issue (no toast of its own) shows its message under `fallbackTitle`. */
export function toastOfFirstIssue(issues: readonly Issue[], fallbackTitle: string): FormToast | null {
  const first = issues[0];
  if (!first) return null;
  const own = first.params?.toast as FormToast | undefined;
  return own ?? { title: fallbackTitle, description: first.message };
}

/** The toast of the first issue the schema finds in the values; null when they pass. */
export function firstIssueToast(schema: z.ZodType, values: unknown, fallbackTitle = "Error"): FormToast | null {
  const result = schema.safeParse(values);
  return result.success ? null : toastOfFirstIssue(result.error.issues as Issue[], fallbackTitle);
}

/** Shows the toast of the first issue the schema finds in the values; true when there is none. */
export function toastFirstIssue(schema: z.ZodType, values: unknown, fallbackTitle = "Error"): boolean {
  const found = firstIssueToast(schema, values, fallbackTitle);
  if (found) toast({ ...found, variant: "destructive" });
  return found === null;
}

/**
 * The client's form convention: react-hook-form with the zod schema as resolver, checked when the
 * form is sent, and the first issue shown as the spec's toast. A field's error then stays until
 * that field changes or the form is sent again; with `revalidate: "onChange"` (the account and
 * contact forms, which show no toast) it is checked again as the user types. `submit(onValid)` is
 * the form's onSubmit handler; `showServerError(error)` puts the message of a field the server
 * refused under that field.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
  {
    toastOnInvalid = true,
    fallbackTitle = "Error",
    revalidate = "onSubmit",
  }: { toastOnInvalid?: boolean; fallbackTitle?: string; revalidate?: "onSubmit" | "onChange" } = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's overloads cannot see through a generic schema type; this is what it returns for S.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
    reValidateMode: revalidate,
  });
  const submit = (onValid: SubmitHandler<z.output<S>>) => (event?: BaseSyntheticEvent) =>
    form.handleSubmit(onValid, () => {
      if (toastOnInvalid) toastFirstIssue(schema, form.getValues(), fallbackTitle);
    })(event);
  /** Sets several fields at once, as a wizard step's fields report their changes. */
  const update = (patch: Partial<z.input<S>>) => {
    for (const [name, value] of Object.entries(patch)) form.setValue(name as Path<z.input<S>>, value as never, { shouldDirty: true });
  };
  /**
   * The server names the field it refused (`{field}`, never on a 401): its message also sits under
   * that input when the form has one. True when it did.
   */
  const showServerError = (error: unknown, { shouldFocus = false }: { shouldFocus?: boolean } = {}): boolean => {
    if (!(error instanceof ApiError) || !error.field || error.status === 401) return false;
    if (!(error.field in (defaultValues as object))) return false;
    form.setError(error.field as Path<z.input<S>>, { message: error.message }, { shouldFocus });
    return true;
  };
  return { ...form, submit, update, showServerError };
}
