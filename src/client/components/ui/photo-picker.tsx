import { ImageUp } from "lucide-react";
import type { ChangeEvent, InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { checkImageFile, type ImageFileMessages } from "../../lib/image-file";
import { Spinner } from "./spinner";
import { toast } from "./toast";

type PickerInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "accept" | "className">;

/**
 * The "Upload photo" / "Change photo" button: a label wrapping a visually hidden image file input,
 * so the whole button opens the file picker and keyboard focus shows on the button.
 */
export function PhotoPickerButton({
  id,
  hasPhoto,
  isLarge = false,
  ...input
}: { id: string; hasPhoto: boolean; isLarge?: boolean } & PickerInputProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border-2 border-field-700 bg-white text-sm font-semibold text-field-800 hover:bg-field-50 focus-within:ring-2 focus-within:ring-accent-400",
        isLarge ? "h-10 px-4" : "h-9 px-3",
      )}
    >
      <ImageUp aria-hidden className="size-4" />
      {hasPhoto ? "Change photo" : "Upload photo"}
      <input id={id} type="file" accept="image/*" className="sr-only" {...input} />
    </label>
  );
}

/**
 * The file a picker's change chose, or null when none was chosen or it fails the page's image
 * checks (that failure is shown as the page's toast).
 */
export function takeCheckedImage(event: ChangeEvent<HTMLInputElement>, messages: ImageFileMessages): File | null {
  const file = event.target.files?.[0];
  event.target.value = ""; // Choosing the same file again still fires a change.
  if (!file) return null;
  const check = checkImageFile(file, messages);
  if (!check.ok) {
    toast({ title: check.title, description: check.description, variant: "destructive" });
    return null;
  }
  return file;
}

/** Covers a round photo preview with a spinner while its upload runs. */
export function UploadingOverlay() {
  return (
    <span className="absolute inset-0 flex items-center justify-center bg-white/70">
      <Spinner label="Uploading..." />
    </span>
  );
}
