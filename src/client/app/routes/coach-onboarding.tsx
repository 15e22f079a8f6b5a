import { Suspense } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { useSearch } from "wouter";
import type { CurrentUser } from "@contract/accounts";
import { useCurrentUser } from "../../lib/current-user";
import { CoachOnboardingWizard } from "../../features/coaches/components/coach-onboarding-wizard";
import { usePaymentAccountStatus } from "../../features/payouts/api/payment-account";
import { OnboardingPaymentStep } from "../../features/payouts/components/onboarding-payment-step";
import { Spinner } from "../../components/ui/spinner";

// The last step (DESIGN 12, Get verified): the credentials feature's section, loaded when the step opens.
const VerificationSection = lazyWithReload(async () => ({
  default: (await import("../../features/credentials/components/verification-section")).VerificationSection,
}));

/** /coach-onboarding (coach-side 2, and DESIGN 12's Get verified): six steps outside the navigation shell; ?stripe=success|refresh on return from the provider. */
export function CoachOnboardingPage() {
  const { user } = useCurrentUser();
  const stripe = new URLSearchParams(useSearch()).get("stripe");
  return user ? <CoachOnboarding user={user} stripe={stripe} /> : null;
}

/** The coaches feature's wizard with the payouts feature's account and payment step (features do not import each other). */
export function CoachOnboarding({ user, stripe }: { user: CurrentUser; stripe: string | null }) {
  const account = usePaymentAccountStatus();
  return (
    <CoachOnboardingWizard
      user={user}
      stripe={stripe}
      account={account}
      paymentStep={(step) => <OnboardingPaymentStep account={account.data} isLoading={account.isLoading} {...step} />}
      verifyStep={() => (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <VerificationSection />
        </Suspense>
      )}
    />
  );
}
