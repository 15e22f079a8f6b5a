import { useId } from "react";
import { z } from "zod";
import { CreatePackageRequestSchema, type CreatePackageRequest, type Package } from "@contract/packages";
import { centsToDecimal } from "@contract/money";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { fieldControlClass, Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { useCreatePackage, useUpdatePackage } from "../api/packages";

/**
 * The contract's package rules over the form's text (a select gives the duration as text); the
 * price goes back to the decimal dollars the request carries.
 */
const PackageFormSchema = CreatePackageRequestSchema.extend({
  duration: z.preprocess((v: string) => Number(v), CreatePackageRequestSchema.shape.duration),
}).transform((p): CreatePackageRequest => ({ ...p, price: centsToDecimal(p.price) }));

const EMPTY = { title: "", sessionType: "individual", duration: "60", sessionCount: "5", price: "", validDays: "90" } as const;

const valuesOf = (p: Package) => ({
  title: p.title,
  sessionType: p.sessionType,
  duration: String(p.duration),
  sessionCount: String(p.sessionCount),
  price: p.price,
  validDays: String(p.validDays),
});

/** A new package (no `initial`) or the changes to one; the first rule it breaks is the toast. */
export function PackageForm({ initial, onDone }: { initial: Package | null; onDone: () => void }) {
  const id = useId();
  const form = useSchemaForm(PackageFormSchema, initial ? valuesOf(initial) : EMPTY);
  const { errors } = form.formState;
  const create = useCreatePackage();
  const update = useUpdatePackage();

  const submit = form.submit((body) => {
    const handlers = {
      onSuccess: () => {
        toast({ title: initial ? "Package updated" : "Package created", variant: "success" as const });
        onDone();
      },
      onError: (err: Error) => {
        form.showServerError(err);
        toast({ title: "Error", description: err.message, variant: "destructive" as const });
      },
    };
    if (initial) update.mutate({ id: initial.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      aria-label="Package"
    >
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message} className="gap-1 sm:col-span-2">
        <Input {...form.register("title")} placeholder="5 private sessions" />
      </FormField>
      <FormField id={`${id}-type`} label="Session type" error={errors.sessionType?.message} className="gap-1">
        <select className={`${fieldControlClass} h-11`} {...form.register("sessionType")}>
          <option value="individual">Individual</option>
          <option value="group">Group</option>
        </select>
      </FormField>
      <FormField id={`${id}-duration`} label="Duration" error={errors.duration?.message} className="gap-1">
        <select className={`${fieldControlClass} h-11`} {...form.register("duration")}>
          <option value="30">30 minutes</option>
          <option value="60">60 minutes</option>
        </select>
      </FormField>
      <FormField id={`${id}-count`} label="Number of sessions" error={errors.sessionCount?.message} className="gap-1">
        <Input inputMode="numeric" {...form.register("sessionCount")} />
      </FormField>
      <FormField id={`${id}-price`} label="Package price ($)" error={errors.price?.message} className="gap-1">
        <Input inputMode="decimal" {...form.register("price")} placeholder="350.00" />
      </FormField>
      <FormField id={`${id}-valid`} label="Valid for (days)" error={errors.validDays?.message} className="gap-1">
        <Input inputMode="numeric" {...form.register("validDays")} />
      </FormField>
      <div className="flex items-end gap-2">
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {initial ? "Save package" : "Create package"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
