import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContentBlock, ContentBlockUpdate } from "@contract/content";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const updateContentBlock = ({ id, changes }: { id: number; changes: ContentBlockUpdate }) =>
  apiRequest<ContentBlock>("PUT", `/api/admin/content-blocks/${id}`, changes);

export function useUpdateContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.contentBlocks }),
  });
}
