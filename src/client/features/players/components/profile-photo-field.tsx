import { useId, useState, type ChangeEvent } from "react";
import { PhotoPickerButton, takeCheckedImage, UploadingOverlay } from "@client/components/ui/photo-picker";
import { toast } from "@client/components/ui/toast";
import type { ImageFileMessages } from "@client/lib/image-file";
import { useUploadProfileImage } from "../api/upload-profile-image";
import { toastFailure } from "@client/lib/toast-failure";

/** coach-side 9: the player profile page's own messages. */
const PHOTO_MESSAGES: ImageFileMessages = {
  notImage: { title: "Invalid File", description: "Please select an image file." },
  tooLarge: { title: "File Too Large", description: "Image must be less than 5MB" },
  order: "type-first",
};

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
    const file = takeCheckedImage(event, PHOTO_MESSAGES);
    if (!file) return;
    setState("uploading");
    try {
      const { url: stored } = await upload.mutateAsync(file);
      onUploaded(stored);
      setState("done");
      toast({ title: "Image Uploaded", description: "Your profile photo has been updated.", variant: "success" });
    } catch (error) {
      setState("failed");
      toastFailure(error, "Upload Failed", "Failed to upload image. Please try again.");
    }
  }

  return (
    <div className="flex items-center gap-4">
      <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-field-100 bg-field-700 font-display text-4xl font-bold text-white uppercase">
        {url ? <img src={url} alt="Your headshot" className="size-full object-cover" /> : <span aria-hidden>{initial}</span>}
        {state === "uploading" ? <UploadingOverlay /> : null}
      </div>
      <div className="flex flex-col gap-1">
        <PhotoPickerButton id={inputId} hasPhoto={!!url} disabled={state === "uploading"} onChange={(e) => void onChange(e)} />
        <p className="text-xs text-slate-600" aria-live="polite">
          {state === "uploading" ? "Uploading..." : state === "failed" ? "Upload failed. Please try again." : "Any image, up to 5MB."}
        </p>
      </div>
    </div>
  );
}
