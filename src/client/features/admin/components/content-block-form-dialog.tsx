import type { ReactNode } from "react";
import { ContentBlockCreateSchema, type ContentBlock, type ContentBlockInput } from "@contract/content";
import type { LandingTextKey } from "@contract/landing";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Textarea } from "@client/components/ui/textarea";
import { useCreateContentBlock } from "../api/create-content-block";
import { useUpdateContentBlock } from "../api/update-content-block";
import { numberOrUndefined } from "./admin-feedback";
import { AdminForm, AdminFormDialog, ImageUrlField, OrderField, useAdminForm } from "./admin-form";

/** The keys the landing page looks up (LANDING_TEXTS); naming each here lets the type checker catch one added there and not here. */
const LANDING_KEYS: Record<LandingTextKey, true> = { hero: true, features: true, "how-it-works": true, testimonials: true, cta: true };
/** A block with one of these keys replaces the landing's built-in text; any other key is stored but not shown anywhere yet. */
export const LANDING_CONTENT_KEYS = Object.keys(LANDING_KEYS);

const SAVE_FAILED = "Failed to save content block";

function formValues(block?: ContentBlock): ContentBlockInput {
  return {
    key: block?.key ?? "",
    title: block?.title ?? "",
    content: block?.content ?? "",
    imageUrl: block?.imageUrl ?? "",
    order: block?.order ?? 0,
  };
}

/** Create (no block) or edit (pre-filled from the block) in a dialog opened by `trigger`. */
export function ContentBlockFormDialog({ block, trigger }: { block?: ContentBlock; trigger: ReactNode }) {
  return (
    <AdminFormDialog
      title={block ? "Edit Content Block" : "Add Content Block"}
      description="Marketing text shown to visitors where the landing page uses the block's key."
      trigger={trigger}
    >
      {(onSaved) => <ContentBlockForm block={block} onSaved={onSaved} />}
    </AdminFormDialog>
  );
}

function ContentBlockForm({ block, onSaved }: { block?: ContentBlock; onSaved: () => void }) {
  const create = useCreateContentBlock();
  const update = useUpdateContentBlock();
  const { form, onSubmit } = useAdminForm(ContentBlockCreateSchema, formValues(block), {
    save: (values) => (block ? update.mutateAsync({ id: block.id, changes: values }) : create.mutateAsync(values)),
    savedText: "Content block saved",
    failedText: SAVE_FAILED,
    onSaved,
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;

  return (
    <AdminForm onSubmit={onSubmit} isSaving={isSaving} isEditing={!!block} createText="Create Content Block">
      <FormField
        label="Key"
        error={errors.key?.message}
        hint={
          <>
            Unique. Used on the landing page: <span className="font-mono">{LANDING_CONTENT_KEYS.join(", ")}</span>.
          </>
        }
      >
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register("key")} />
      </FormField>
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField label="Content" error={errors.content?.message}>
        <Textarea rows={5} {...form.register("content")} />
      </FormField>
      <ImageUrlField error={errors.imageUrl?.message} input={form.register("imageUrl")} />
      <OrderField className="sm:w-32" error={errors.order?.message} input={form.register("order", { setValueAs: numberOrUndefined })} />
    </AdminForm>
  );
}
