import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import {
  DEFAULT_TESTIMONIAL_RATING,
  MAX_TESTIMONIAL_RATING,
  MIN_TESTIMONIAL_RATING,
  TestimonialCreateSchema,
  type Testimonial,
  type TestimonialInput,
} from "@contract/content";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Textarea } from "@client/components/ui/textarea";
import { useCreateTestimonial } from "../api/create-testimonial";
import { useUpdateTestimonial } from "../api/update-testimonial";
import { numberOrUndefined } from "./admin-feedback";
import { AdminForm, AdminFormDialog, ImageUrlField, OrderField, useAdminForm } from "./admin-form";

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
  return (
    <AdminFormDialog
      title={testimonial ? "Edit Testimonial" : "Add Testimonial"}
      description="Shown on the landing page, lowest order first (up to six)."
      trigger={trigger}
    >
      {(onSaved) => <TestimonialForm testimonial={testimonial} onSaved={onSaved} />}
    </AdminFormDialog>
  );
}

function TestimonialForm({ testimonial, onSaved }: { testimonial?: Testimonial; onSaved: () => void }) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const { form, onSubmit } = useAdminForm(TestimonialCreateSchema, formValues(testimonial), {
    save: (values) => (testimonial ? update.mutateAsync({ id: testimonial.id, changes: values }) : create.mutateAsync(values)),
    savedText: "Testimonial saved",
    failedText: SAVE_FAILED,
    onSaved,
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;

  return (
    <AdminForm onSubmit={onSubmit} isSaving={isSaving} isEditing={!!testimonial} createText="Create Testimonial">
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
        <OrderField error={errors.order?.message} input={form.register("order", { setValueAs: numberOrUndefined })} />
      </div>
      <ImageUrlField error={errors.imageUrl?.message} input={form.register("imageUrl")} />
    </AdminForm>
  );
}
