import { CircleCheck, LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { PasswordMessages, ResetPasswordFormSchema } from "@contract/accounts";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { FullPageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { useResetPassword, useVerifyResetToken } from "../../features/accounts/api/password-reset";
import { AuthCard, AuthCardLink, LinkExpiredCard } from "../../features/accounts/components/auth-card";
import { AuthForm } from "../../features/accounts/components/auth-form";
import { useSchemaForm } from "../../lib/form-errors";
import { messageOr } from "../../lib/handle-unauthorized";

/** player-side 2 and 4: verifying, then valid (form) or invalid; done after a successful update. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const verify = useVerifyResetToken(token);
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useSchemaForm(
    ResetPasswordFormSchema,
    { password: "", confirmPassword: "" },
    { toastOnInvalid: false, revalidate: "onChange" },
  );
  const { errors } = form.formState;
  const isInvalid = !token || verify.isError;

  useEffect(() => {
    if (isInvalid && !done) {
      toast({ title: "Invalid Reset Link", description: PasswordMessages.INVALID_RESET_LINK, variant: "destructive" });
    }
  }, [isInvalid, done]);

  const onSubmit = form.submit(({ password }) =>
    reset.mutate(
      { token: token ?? "", password },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: "Password Updated", description: PasswordMessages.RESET_DONE, variant: "success" });
        },
        onError: (error) => toast({ title: "Error", description: messageOr(error, "Failed to reset password"), variant: "destructive" }),
      },
    ),
  );

  if (done) {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden />}
        title="Success!"
        description="Your password has been reset. You can now sign in with your new password."
      >
        <AuthCardLink href={paths.login}>Continue to Login</AuthCardLink>
      </AuthCard>
    );
  }

  if (isInvalid) {
    return (
      <LinkExpiredCard description="This password reset link is invalid or has expired. Reset links work once and only for one hour.">
        <AuthCardLink href={paths.forgotPassword}>Request New Reset Link</AuthCardLink>
        <AuthCardLink href={paths.login} variant="outline">
          Back to Login
        </AuthCardLink>
      </LinkExpiredCard>
    );
  }

  if (verify.isPending) return <FullPageSpinner label="Verifying reset link..." />;

  return (
    <AuthCard icon={<LockKeyhole aria-hidden />} title="Reset Password" description="Choose a new password for your account.">
      <AuthForm onSubmit={onSubmit} isPending={reset.isPending} submitText="Update Password" pendingText="Updating...">
        <FormField label="New password" error={errors.password?.message} hint="At least 6 characters.">
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
