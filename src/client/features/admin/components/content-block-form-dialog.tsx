import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { ContentBlockCreateSchema, type ContentBlock, type ContentBlockCreate, type ContentBlockInput } from "@contract/content";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Textarea } from "@client/components/ui/textarea";
import { useCreateContentBlock } from "../api/create-content-block";
import { useUpdateContentBlock } from "../api/update-content-block";
import { failedField, notifyFailed, notifySaved, numberOrUndefined } from "./admin-feedback";

/**
 * The keys the landing page looks up (src/client/app/routes/landing.tsx, useContentText): "hero"
 * (the headline and the text under it), "features" (the "Why LaxCoach" heading and intro),
 * "how-it-works" (the journey heading and intro), "testimonials" (the testimonials heading and
 * intro) and "cta" (the closing call to action). A block's non-empty title and content replace the
 * built-in texts there; any other key is stored but not shown anywhere yet. Keep this list in step
 * with landing.tsx.
 */
export const LANDING_CONTENT_KEYS = ["hero", "features", "how-it-works", "testimonials", "cta"] as const;

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
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{block ? "Edit Content Block" : "Add Content Block"}</DialogTitle>
          <DialogDescription>Marketing text shown to visitors where the landing page uses the block's key.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the block's current values. */}
        <ContentBlockForm block={block} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ContentBlockForm({ block, onSaved }: { block?: ContentBlock; onSaved: () => void }) {
  const create = useCreateContentBlock();
  const update = useUpdateContentBlock();
  const form = useForm<ContentBlockInput, unknown, ContentBlockCreate>({
    resolver: zodResolver(ContentBlockCreateSchema),
    defaultValues: formValues(block),
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (block) await update.mutateAsync({ id: block.id, changes: values });
      else await create.mutateAsync(values);
      notifySaved("Content block saved");
      onSaved();
    } catch (error) {
      const fieldError = failedField(error);
      if (fieldError && fieldError.field in formValues()) {
        form.setError(fieldError.field as keyof ContentBlockInput, { message: fieldError.message }, { shouldFocus: true });
      }
      notifyFailed(error, SAVE_FAILED);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
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
      <FormField label="Image URL" error={errors.imageUrl?.message} hint="Optional. https://... or a path on this site.">
        <Input type="url" inputMode="url" autoComplete="off" {...form.register("imageUrl")} />
      </FormField>
      <FormField label="Order" error={errors.order?.message} hint="Lower numbers come first.">
        <Input
          type="number"
          inputMode="numeric"
          step={1}
          className="sm:w-32"
          {...form.register("order", { setValueAs: numberOrUndefined })}
        />
      </FormField>
      <Button type="submit" isLoading={isSaving} className="w-full sm:w-auto sm:self-end">
        {isSaving ? "Saving..." : block ? "Save Changes" : "Create Content Block"}
      </Button>
    </form>
  );
}
