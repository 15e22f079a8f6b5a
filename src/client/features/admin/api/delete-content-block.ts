import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

export const deleteContentBlock = (id: number) => apiRequest<void>("DELETE", `/api/admin/content-blocks/${id}`);

export function useDeleteContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.contentBlocks }),
  });
}
