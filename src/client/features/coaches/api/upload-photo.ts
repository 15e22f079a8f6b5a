import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";

/**
 * POST /api/upload (field "photo") stores the image and answers its URL without changing any
 * profile, so the photo becomes the coach's only when the form is saved (Cancel leaves it unused).
 */
export function uploadPhoto(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append("photo", file);
  return apiRequest<{ url: string }>("POST", "/api/upload", form);
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
