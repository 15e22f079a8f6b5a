import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useInfiniteQuery, useQuery } from "../../../lib/use-query";
import type { CreatePackageRequest, Credit, CreditLedger, CreditRefundResponse, Package, PurchaseResponse } from "@contract/packages";
import { apiGet, apiGetWithHeaders, apiRequest } from "@client/lib/api-client";
import { isUnderUrl } from "@client/lib/query-keys";

/** Query keys start with the URL they read (lib/query-keys.ts). */
export const packageKeys = {
  coachPackages: (coachId: number) => [`/api/coaches/${coachId}/packages`] as const,
  credits: (coachId?: number) => ["/api/credits", coachId ?? "all"] as const,
  ledger: (creditId: number) => [`/api/credits/${creditId}/ledger`] as const,
};

type Page<T> = { items: T[]; nextCursor: string | null };

/** One page of a paged list (`?cursor=`, X-Next-Cursor). */
async function getPage<T>(url: string, cursor: string | null): Promise<Page<T>> {
  const joiner = url.includes("?") ? "&" : "?";
  const { data, headers } = await apiGetWithHeaders<T[]>(cursor ? `${url}${joiner}cursor=${encodeURIComponent(cursor)}` : url);
  return { items: data, nextCursor: headers.get("X-Next-Cursor") };
}

/** A coach's packages on sale, page after page ("Show more" asks for the next). */
export function useCoachPackages(coachId: number) {
  const query = useInfiniteQuery({
    queryKey: packageKeys.coachPackages(coachId),
    queryFn: ({ pageParam }) => getPage<Package>(`/api/coaches/${coachId}/packages`, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, data: query.data?.pages.flatMap((p) => p.items) };
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

/** Every credit the caller may see (a family's, a coach's sales, or an admin's all), page after page. */
export function useCreditPages(coachId?: number, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: [...packageKeys.credits(coachId), "pages"],
    queryFn: ({ pageParam }) => getPage<Credit>(coachId ? `/api/credits?coachId=${coachId}` : "/api/credits", pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
  return { ...query, data: query.data?.pages.flatMap((p) => p.items) };
}

/** POST /api/credits/{id}/refund: the coach who sold them, or an admin, refunds the unused credits pro rata. */
export function useRefundCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (creditId: number) => apiRequest<CreditRefundResponse>("POST", `/api/credits/${creditId}/refund`, {}),
    onSuccess: () => queryClient.invalidateQueries({ predicate: isUnderUrl("/api/credits") }),
  });
}

export function useCreditLedger(creditId: number, enabled: boolean) {
  return useQuery({
    queryKey: packageKeys.ledger(creditId),
    queryFn: () => apiGet<CreditLedger>(`/api/credits/${creditId}/ledger`),
    enabled,
  });
}
