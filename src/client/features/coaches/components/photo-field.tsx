import { Camera, ImageUp } from "lucide-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { handleUnauthorized } from "../../../lib/handle-unauthorized";
import { useUploadPhoto } from "../api/upload-photo";

/** coach-side 5 and 9: a photo is an image of at most 5MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export type UploadState = "idle" | "uploading" | "done" | "failed";

/** The photo control: checks, uploads at once with a preview, and reports the stored URL. */
export function PhotoField({ url, onUploaded }: { url: string | null; onUploaded: (url: string) => void }) {
  const inputId = useId();
  const upload = useUploadPhoto();
  const [state, setState] = useState<UploadState>("idle");
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // Choosing the same file again still fires a change.
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ title: "File Too Large", description: "Please select an image smaller than 5MB", variant: "destructive" });
      return;
    }
    if (!file.type.startsWith("image/")) {
      toast({ title: "Invalid File Type", description: "Please select an image file", variant: "destructive" });
      return;
    }
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
      if (!handleUnauthorized(error)) {
        toast({ title: "Upload Failed", description: "Could not upload profile image. Please try again.", variant: "destructive" });
      }
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
            <img src={shown} alt="Profile photo preview" className="size-full object-cover" data-testid="photo-preview" />
          ) : (
            <Camera aria-hidden className="size-8 text-field-600" />
          )}
          {state === "uploading" ? (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70">
              <Spinner label="Uploading..." />
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label
            htmlFor={inputId}
            className="inline-flex h-9 w-fit cursor-pointer items-center gap-2 rounded-lg border-2 border-field-700 bg-white px-3 text-sm font-semibold text-field-800 hover:bg-field-50 focus-within:ring-2 focus-within:ring-accent-400"
          >
            <ImageUp aria-hidden className="size-4" />
            {shown ? "Change photo" : "Upload photo"}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-labelledby={`${inputId}-label`}
              disabled={state === "uploading"}
              onChange={(e) => void onChange(e)}
            />
          </label>
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
