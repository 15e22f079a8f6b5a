import { KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ForgotPasswordRequestSchema } from "@contract/accounts";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { useRequestPasswordReset } from "../../features/accounts/api/password-reset";
import { AuthCard, AuthCardLink } from "../../features/accounts/components/auth-card";
import { AuthForm } from "../../features/accounts/components/auth-form";
import { useSchemaForm } from "../../lib/form-errors";
import { messageOr } from "../../lib/handle-unauthorized";

/** player-side 2 and 4: form, then the sent confirmation, and back via "Try Different Email". */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const form = useSchemaForm(ForgotPasswordRequestSchema, { email: "" }, { toastOnInvalid: false, revalidate: "onChange" });
  const { errors } = form.formState;

  const onSubmit = form.submit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        setSent(true);
        toast({ title: "Reset link sent", description: "Check your email for password reset instructions", variant: "success" });
      },
      onError: (error) => toast({ title: "Error", description: messageOr(error, "Failed to send reset email"), variant: "destructive" }),
    }),
  );

  if (sent) {
    return (
      <AuthCard
        icon={<MailCheck aria-hidden />}
        title="Check Your Email"
        description="If an account with that email exists, you'll receive a password reset link within a few minutes."
      >
        <Button type="button" variant="outline" className="w-full" onClick={() => setSent(false)}>
          Try Different Email
        </Button>
        <AuthCardLink href={paths.login}>Back to Login</AuthCardLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound aria-hidden />}
      title="Forgot Password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      <AuthForm onSubmit={onSubmit} isPending={request.isPending} submitText="Send Reset Link" pendingText="Sending...">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
      </AuthForm>
      <Link href={paths.login} className="self-center text-sm font-semibold text-field-700 underline underline-offset-2">
        Back to Login
      </Link>
    </AuthCard>
  );
}
