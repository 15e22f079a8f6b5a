import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContentBlock, ContentBlockCreate } from "@contract/content";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const createContentBlock = (values: ContentBlockCreate) => apiRequest<ContentBlock>("POST", "/api/admin/content-blocks", values);

export function useCreateContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.contentBlocks }),
  });
}
