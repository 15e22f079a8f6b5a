import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  DEFAULT_TESTIMONIAL_RATING,
  MAX_TESTIMONIAL_RATING,
  MIN_TESTIMONIAL_RATING,
  TestimonialCreateSchema,
  type Testimonial,
  type TestimonialCreate,
  type TestimonialInput,
} from "@contract/content";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Textarea } from "@client/components/ui/textarea";
import { useCreateTestimonial } from "../api/create-testimonial";
import { useUpdateTestimonial } from "../api/update-testimonial";
import { failedField, notifyFailed, notifySaved, numberOrUndefined } from "./admin-feedback";

const SAVE_FAILED = "Failed to save testimonial";

const ratingOptions = Array.from({ length: MAX_TESTIMONIAL_RATING - MIN_TESTIMONIAL_RATING + 1 }, (_, i) => MAX_TESTIMONIAL_RATING - i);
export const ratingLabel = (rating: number) => `${rating} ${rating === 1 ? "star" : "stars"}`;

function formValues(testimonial?: Testimonial): TestimonialInput {
  return {
    name: testimonial?.name ?? "",
    role: testimonial?.role ?? "",
    content: testimonial?.content ?? "",
    rating: testimonial?.rating ?? DEFAULT_TESTIMONIAL_RATING,
    imageUrl: testimonial?.imageUrl ?? "",
    order: testimonial?.order ?? 0,
  };
}

/** Create (no testimonial) or edit (pre-filled) in a dialog opened by `trigger`. */
export function TestimonialFormDialog({ testimonial, trigger }: { testimonial?: Testimonial; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{testimonial ? "Edit Testimonial" : "Add Testimonial"}</DialogTitle>
          <DialogDescription>Shown on the landing page, lowest order first (up to six).</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the testimonial's current values. */}
        <TestimonialForm testimonial={testimonial} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function TestimonialForm({ testimonial, onSaved }: { testimonial?: Testimonial; onSaved: () => void }) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const form = useForm<TestimonialInput, unknown, TestimonialCreate>({
    resolver: zodResolver(TestimonialCreateSchema),
    defaultValues: formValues(testimonial),
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (testimonial) await update.mutateAsync({ id: testimonial.id, changes: values });
      else await create.mutateAsync(values);
      notifySaved("Testimonial saved");
      onSaved();
    } catch (error) {
      const fieldError = failedField(error);
      if (fieldError && fieldError.field in formValues()) {
        form.setError(fieldError.field as keyof TestimonialInput, { message: fieldError.message }, { shouldFocus: true });
      }
      notifyFailed(error, SAVE_FAILED);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField label="Role" error={errors.role?.message} hint="Optional, e.g. Parent of a U13 midfielder.">
        <Input autoComplete="off" {...form.register("role")} />
      </FormField>
      <FormField label="Content" error={errors.content?.message}>
        <Textarea rows={4} {...form.register("content")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            // The root renders no element, so the FormField wiring (id, label, aria) lands on the trigger.
            <Select value={String(field.value ?? DEFAULT_TESTIMONIAL_RATING)} onValueChange={(value) => field.onChange(Number(value))}>
              <FormField label="Rating" error={errors.rating?.message}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {ratingOptions.map((rating) => (
                  <SelectItem key={rating} value={String(rating)}>
                    {ratingLabel(rating)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FormField label="Order" error={errors.order?.message} hint="Lower numbers come first.">
          <Input type="number" inputMode="numeric" step={1} {...form.register("order", { setValueAs: numberOrUndefined })} />
        </FormField>
      </div>
      <FormField label="Image URL" error={errors.imageUrl?.message} hint="Optional. https://... or a path on this site.">
        <Input type="url" inputMode="url" autoComplete="off" {...form.register("imageUrl")} />
      </FormField>
      <Button type="submit" isLoading={isSaving} className="w-full sm:w-auto sm:self-end">
        {isSaving ? "Saving..." : testimonial ? "Save Changes" : "Create Testimonial"}
      </Button>
    </form>
  );
}
