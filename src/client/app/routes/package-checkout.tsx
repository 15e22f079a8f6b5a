import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "wouter";
import type { PurchaseResponse } from "@contract/packages";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { apiRequest } from "../../lib/api-client";
import { useStartPurchase } from "../../features/packages/api/packages";
import { PaymentForm } from "../../features/payments/components/payment-form";

/**
 * Buying a package (DESIGN.md 11): the same checkout as a session (price, 15% platform fee, total,
 * then the provider's card form); the credits are granted once the server sees the payment succeed.
 */
export function PackageCheckoutPage() {
  const params = useParams<{ packageId: string }>();
  const packageId = Number(params.packageId);
  const start = useStartPurchase();
  const started = useRef(false);
  const [done, setDone] = useState(false);

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
      <h1 className="text-2xl font-bold text-field-950">Buy a package</h1>
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
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{purchase.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          {purchase.sessionCount} × {purchase.duration}-minute {purchase.sessionType} sessions with {purchase.coachName}
        </p>
        <dl className="flex flex-col gap-2 text-sm" aria-label="Price">
          <div className="flex justify-between">
            <dt>Package price</dt>
            <dd>${purchase.price}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Platform fee (15%)</dt>
            <dd>${purchase.platformFee}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
            <dt>Total</dt>
            <dd>${purchase.totalAmount}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
