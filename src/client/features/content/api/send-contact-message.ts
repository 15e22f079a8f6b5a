import { useMutation } from "@tanstack/react-query";
import type { ContactRequest } from "@contract/content";
import { apiRequest } from "@client/lib/api-client";

export function useSendContactMessage() {
  return useMutation({ mutationFn: (input: ContactRequest) => apiRequest<unknown>("POST", "/api/contact", input) });
}
