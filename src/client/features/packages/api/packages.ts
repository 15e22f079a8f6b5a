import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatePackageRequest, Credit, CreditLedger, Package, PurchaseResponse } from "@contract/packages";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { isUnderUrl } from "@client/lib/query-keys";

/** Query keys start with the URL they read (lib/query-keys.ts). */
export const packageKeys = {
  coachPackages: (coachId: number) => [`/api/coaches/${coachId}/packages`] as const,
  credits: (coachId?: number) => ["/api/credits", coachId ?? "all"] as const,
  ledger: (creditId: number) => [`/api/credits/${creditId}/ledger`] as const,
};

export function useCoachPackages(coachId: number) {
  return useQuery({ queryKey: packageKeys.coachPackages(coachId), queryFn: () => apiGet<Package[]>(`/api/coaches/${coachId}/packages`) });
}

function useRefreshPackages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: isUnderUrl("/api/coaches/") });
}

export function useCreatePackage() {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: (body: CreatePackageRequest) => apiRequest<Package>("POST", "/api/packages", body),
    onSuccess: refresh,
  });
}

export function useUpdatePackage() {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<CreatePackageRequest> & { id: number }) =>
      apiRequest<Package>("PUT", `/api/packages/${id}`, body),
    onSuccess: refresh,
  });
}

export function useArchivePackage() {
  const refresh = useRefreshPackages();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: true }>("DELETE", `/api/packages/${id}`),
    onSuccess: refresh,
  });
}

export function useStartPurchase() {
  return useMutation({
    mutationFn: (packageId: number) => apiRequest<PurchaseResponse>("POST", `/api/packages/${packageId}/purchase`, {}),
  });
}

export function useCredits(coachId?: number, enabled = true) {
  return useQuery({
    queryKey: packageKeys.credits(coachId),
    queryFn: () => apiGet<Credit[]>(coachId ? `/api/credits?coachId=${coachId}` : "/api/credits"),
    enabled,
  });
}

export function useCreditLedger(creditId: number, enabled: boolean) {
  return useQuery({
    queryKey: packageKeys.ledger(creditId),
    queryFn: () => apiGet<CreditLedger>(`/api/credits/${creditId}/ledger`),
    enabled,
  });
}
