import { ImageUp } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { handleUnauthorized } from "../../../lib/handle-unauthorized";
import { useUploadProfileImage } from "../api/upload-profile-image";

/** coach-side 9: an image of at most 5MB. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

type UploadState = "idle" | "uploading" | "done" | "failed";

/** The player's photo: checked, then uploaded at once (it becomes the profile photo without Save). */
export function ProfilePhotoField({
  url,
  initial,
  onUploaded,
}: {
  url: string | null;
  initial: string;
  onUploaded: (url: string) => void;
}) {
  const inputId = useId();
  const upload = useUploadProfileImage();
  const [state, setState] = useState<UploadState>("idle");

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // Choosing the same file again still fires a change.
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: "Invalid File", description: "Please select an image file.", variant: "destructive" });
      return;
    }
    if (file.size > MAX_PROFILE_IMAGE_BYTES) {
      toast({ title: "File Too Large", description: "Image must be less than 5MB", variant: "destructive" });
      return;
    }
    setState("uploading");
    try {
      const { url: stored } = await upload.mutateAsync(file);
      onUploaded(stored);
      setState("done");
      toast({ title: "Image Uploaded", description: "Your profile photo has been updated.", variant: "success" });
    } catch (error) {
      setState("failed");
      if (!handleUnauthorized(error)) {
        toast({ title: "Upload Failed", description: "Failed to upload image. Please try again.", variant: "destructive" });
      }
    }
  }

  return (
    <div className="flex items-center gap-4">
      <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-field-100 bg-field-700 font-display text-4xl font-bold text-white uppercase">
        {url ? <img src={url} alt="Profile photo" className="size-full object-cover" /> : <span aria-hidden>{initial}</span>}
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
          {url ? "Change photo" : "Upload photo"}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={state === "uploading"}
            onChange={(e) => void onChange(e)}
          />
        </label>
        <p className="text-xs text-slate-600" aria-live="polite">
          {state === "uploading" ? "Uploading..." : state === "failed" ? "Upload failed. Please try again." : "Any image, up to 5MB."}
        </p>
      </div>
    </div>
  );
}
