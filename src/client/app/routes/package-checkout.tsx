import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import type { PurchaseResponse } from "@contract/packages";
import { PACKAGE_TERMS } from "@contract/package-basics";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { apiRequest } from "../../lib/api-client";
import { formatInstantDate } from "../../lib/when";
import { useStartPurchase } from "../../features/packages/api/packages";
import { PaymentForm } from "../../features/payments/components/payment-form";

/**
 * Buying a package (DESIGN.md 11, 12): as complete as a session's checkout: the coach, what is
 * bought, until when and by whom it may be used, the family's price per session beside the single
 * session's and the saving, the refund rules, the total charged, a way back, then the provider's card
 * form; the credits are granted once the server sees the payment succeed.
 */
export function PackageCheckoutPage() {
  const params = useParams<{ packageId: string }>();
  const packageId = Number(params.packageId);
  const start = useStartPurchase();
  const started = useRef(false);
  const [done, setDone] = useState(false);
  const backHref = start.data ? paths.bookCoach(start.data.coachId) : paths.findCoaches;

  useEffect(() => {
    if (started.current || !Number.isInteger(packageId)) return;
    started.current = true;
    start.mutate(packageId);
  }, [packageId, start]);

  async function onSucceeded(paymentIntentId: string) {
    await apiRequest("POST", "/api/confirm-payment", { paymentIntentId });
    setDone(true);
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-8">
      <Link href={backHref} className="inline-flex items-center gap-1 self-start text-sm text-field-800 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> {start.data ? `Back to ${start.data.coachName}` : "Back"}
      </Link>
      <PageTitle>Buy a package</PageTitle>
      {start.isError ? <p className="text-red-700">{start.error.message}</p> : null}
      {!start.data && !start.isError ? <Spinner label="Preparing checkout..." /> : null}
      {start.data ? <Summary purchase={start.data} /> : null}
      {start.data && !done ? <PaymentForm intent={start.data} onSucceeded={onSucceeded} /> : null}
      {done ? (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-6">
            <p className="text-lg font-semibold text-field-950" role="status">
              Payment successful! {start.data?.sessionCount} credits are ready to use.
            </p>
            <Button asChild>
              <Link href={paths.myBookings}>See my credits</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function Summary({ purchase }: { purchase: PurchaseResponse }) {
  const validUntil = formatInstantDate(purchase.validUntil);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{purchase.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2 text-sm" aria-label="Package">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Coach</dt>
            <dd className="text-right font-medium">{purchase.coachName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">What you buy</dt>
            <dd className="text-right font-medium">
              {purchase.sessionCount} credits: {purchase.sessionCount} × {purchase.duration}-minute{" "}
              {purchase.sessionType === "group" ? "group" : "private"} sessions
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Valid until</dt>
            <dd className="text-right font-medium">{validUntil}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Who may use it</dt>
            <dd className="text-right font-medium">{PACKAGE_TERMS.WHO_MAY_USE}</dd>
          </div>
        </dl>
        <dl className="flex flex-col gap-2 text-sm" aria-label="Price">
          <div className="flex justify-between">
            <dt>Per session</dt>
            <dd>
              ${purchase.familyPricePerSession}
              {purchase.singleSessionFamilyPrice ? (
                <span className="text-slate-600"> instead of ${purchase.singleSessionFamilyPrice}</span>
              ) : null}
            </dd>
          </div>
          {purchase.familySaving ? (
            <div className="flex justify-between text-green-800">
              <dt>You save</dt>
              <dd>${purchase.familySaving}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-slate-600">
            <dt>Package price</dt>
            <dd>${purchase.price}</dd>
          </div>
          <div className="flex justify-between text-slate-600">
            <dt>Platform fee (15%)</dt>
            <dd>${purchase.platformFee}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
            <dt>Total</dt>
            <dd>${purchase.totalAmount}</dd>
          </div>
        </dl>
        <p className="text-xs text-slate-600">{PACKAGE_TERMS.REFUND_RULES}</p>
      </CardContent>
    </Card>
  );
}
