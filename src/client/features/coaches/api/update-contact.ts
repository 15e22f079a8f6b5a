import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/accounts";
import type { UpdateContactRequest } from "@contract/users";
import { apiRequest } from "@client/lib/api-client";
import { sharedKeys } from "@client/lib/query-keys";

/** The current user's key (features/accounts owns it; features do not import each other). */

export const updateContact = ({ userId, contact }: { userId: number; contact: UpdateContactRequest }) =>
  apiRequest<CurrentUser>("PUT", `/api/users/${userId}`, contact);

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (user) => queryClient.setQueryData(sharedKeys.currentUser, user),
  });
}
