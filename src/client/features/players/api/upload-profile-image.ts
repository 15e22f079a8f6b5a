import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** POST /api/upload/profile-image (field "image"): the stored image becomes the user's photo at once. */
export function uploadProfileImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append("image", file);
  return apiRequest<{ url: string }>("POST", "/api/upload/profile-image", form);
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser }),
  });
}
