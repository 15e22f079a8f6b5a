import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { AthleteSession } from "@contract/bookings";
import type {
  AcceptInvitationResponse,
  Athlete,
  CreateAthleteRequest,
  Guardian,
  InvitationPreview,
  PendingInvitation,
  UpdateAthleteRequest,
} from "@contract/families";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { isUnderUrl } from "@client/lib/query-keys";

/** Keys start with the URL they read (see lib/query-keys). */
export const familyKeys = {
  athletes: ["/api/athletes"] as const,
  athleteSessions: (id: number) => ["/api/athletes", id, "sessions"] as const,
  guardians: ["/api/family/guardians"] as const,
  invitations: ["/api/family/invitations"] as const,
  invitation: (token: string) => ["/api/family/invitations", token] as const,
};

export const athletesQuery = () => queryOptions({ queryKey: familyKeys.athletes, queryFn: () => apiGet<Athlete[]>("/api/athletes") });

export function useAthletes(enabled = true) {
  return useQuery({ ...athletesQuery(), enabled });
}

export function useAthleteSessions(id: number) {
  return useQuery({ queryKey: familyKeys.athleteSessions(id), queryFn: () => apiGet<AthleteSession[]>(`/api/athletes/${id}/sessions`) });
}

export function useGuardians() {
  return useQuery({ queryKey: familyKeys.guardians, queryFn: () => apiGet<Guardian[]>("/api/family/guardians") });
}

export function useInvitations() {
  return useQuery({ queryKey: familyKeys.invitations, queryFn: () => apiGet<PendingInvitation[]>("/api/family/invitations") });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: familyKeys.invitation(token),
    queryFn: () => apiGet<InvitationPreview>(`/api/family/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

function useFamilyMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: isUnderUrl("/api/athletes", "/api/family", "/api/bookings", "/api/auth/user") });
    },
  });
}

export const useCreateAthlete = () => useFamilyMutation((body: CreateAthleteRequest) => apiRequest<Athlete>("POST", "/api/athletes", body));

export const useUpdateAthlete = () =>
  useFamilyMutation(({ id, body }: { id: number; body: UpdateAthleteRequest }) => apiRequest<Athlete>("PUT", `/api/athletes/${id}`, body));

export const useDeleteAthlete = () => useFamilyMutation((id: number) => apiRequest<{ success: true }>("DELETE", `/api/athletes/${id}`));

export const useInviteGuardian = () =>
  useFamilyMutation((email: string) => apiRequest<{ success: true; message: string }>("POST", "/api/family/guardians", { email }));

export const useRemoveGuardian = () =>
  useFamilyMutation((userId: number) => apiRequest<{ success: true; message: string }>("DELETE", `/api/family/guardians/${userId}`));

export const useHandOverOwnership = () =>
  useFamilyMutation((userId: number) => apiRequest<{ success: true; message: string }>("POST", "/api/family/owner", { userId }));

export const useConfirmParentContact = () =>
  useMutation({
    mutationFn: (token: string) => apiRequest<{ success: true; message: string }>("POST", "/api/family/parent-contact/confirm", { token }),
  });

export const useRevokeInvitation = () =>
  useFamilyMutation((id: number) => apiRequest<{ success: true }>("DELETE", `/api/family/invitations/${id}`));

export const useAcceptInvitation = () =>
  useFamilyMutation((token: string) =>
    apiRequest<AcceptInvitationResponse>("POST", `/api/family/invitations/${encodeURIComponent(token)}/accept`, {}),
  );
