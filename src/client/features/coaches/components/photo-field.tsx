import { Camera } from "lucide-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { PhotoPickerButton, takeCheckedImage, UploadingOverlay } from "@client/components/ui/photo-picker";
import { toast } from "@client/components/ui/toast";
import type { ImageFileMessages } from "@client/lib/image-file";
import { useUploadPhoto } from "../api/upload-photo";
import { toastFailure } from "@client/lib/toast-failure";

/** coach-side 5: the coach photo's own messages. */
const PHOTO_MESSAGES: ImageFileMessages = {
  tooLarge: { title: "File Too Large", description: "Please select an image smaller than 5MB" },
  notImage: { title: "Invalid File Type", description: "Please select an image file" },
  order: "size-first",
};

export type UploadState = "idle" | "uploading" | "done" | "failed";

/** The photo control: checks, uploads at once with a preview, and reports the stored URL. */
export function PhotoField({ url, onUploaded }: { url: string | null; onUploaded: (url: string) => void }) {
  const inputId = useId();
  const upload = useUploadPhoto();
  const [state, setState] = useState<UploadState>("idle");
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = takeCheckedImage(event, PHOTO_MESSAGES);
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setState("uploading");
    try {
      const { url: stored } = await upload.mutateAsync(file);
      onUploaded(stored);
      setState("done");
      setPreview(null);
      toast({ title: "Image Uploaded", description: "Save your profile to keep the new photo.", variant: "success" });
    } catch (error) {
      setState("failed");
      setPreview(null);
      toastFailure(error, "Upload Failed", "Could not upload profile image. Please try again.");
    }
  }

  const shown = preview ?? url;
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-slate-800" id={`${inputId}-label`}>
        Profile photo
      </span>
      <div className="flex items-center gap-4">
        <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-field-100 bg-field-50">
          {shown ? (
            <img src={shown} alt="Headshot preview" className="size-full object-cover" data-testid="photo-preview" />
          ) : (
            <Camera aria-hidden className="size-8 text-field-600" />
          )}
          {state === "uploading" ? <UploadingOverlay /> : null}
        </div>
        <div className="flex flex-col gap-1">
          <PhotoPickerButton
            id={inputId}
            hasPhoto={!!shown}
            aria-labelledby={`${inputId}-label`}
            disabled={state === "uploading"}
            onChange={(e) => void onChange(e)}
          />
          <p className="text-xs text-slate-600" aria-live="polite">
            {state === "uploading"
              ? "Uploading..."
              : state === "failed"
                ? "Upload failed. Please try again."
                : state === "done"
                  ? "Uploaded. Save to keep it."
                  : "JPG, PNG or WebP, up to 5MB."}
          </p>
        </div>
      </div>
    </div>
  );
}
