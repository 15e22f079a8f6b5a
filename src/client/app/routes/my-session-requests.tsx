import { Search } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../components/ui/page-header";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useStudentRequests } from "../../features/requests/api/get-student-requests";
import { StudentRequestCard } from "../../features/requests/components/student-request-card";
import { isUnauthorized } from "../../lib/api-client";

/** coach-side 2: the student's session requests with their status and the coach's response (players only: contract/pages.ts). */
export function MySessionRequestsPage() {
  const requests = useStudentRequests();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="My Session Requests"
        lead="Sessions you asked coaches for, and their answers."
        link={{ href: paths.findCoaches, label: "Find a Coach", icon: Search }}
      />

      {requests.isLoading ? (
        <FullPageSpinner label="Loading session requests..." />
      ) : requests.isError ? (
        isUnauthorized(requests.error) ? null : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            Failed to load session requests. Please try again later.
          </p>
        )
      ) : !requests.data?.length ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <p className="font-semibold text-field-950">You have not requested any sessions yet.</p>
          <p className="text-slate-600">Find a coach and ask for a time that suits you.</p>
          <Link href={paths.findCoaches} className="font-semibold text-field-700 underline-offset-4 hover:underline">
            Browse coaches
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.map((request) => (
            <li key={request.id}>
              <StudentRequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
