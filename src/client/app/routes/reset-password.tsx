import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, LinkIcon, LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import type { z } from "zod";
import { PasswordMessages, ResetPasswordFormSchema } from "@contract/accounts";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { FullPageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { useResetPassword, useVerifyResetToken } from "../../features/accounts/api/password-reset";
import { AuthCard } from "../../features/accounts/components/auth-card";
import { messageOr } from "../../lib/handle-unauthorized";

type ResetForm = z.infer<typeof ResetPasswordFormSchema>;

/** player-side 2 and 4: verifying, then valid (form) or invalid; done after a successful update. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const verify = useVerifyResetToken(token);
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });
  const { errors } = form.formState;
  const isInvalid = !token || verify.isError;

  useEffect(() => {
    if (isInvalid && !done) {
      toast({ title: "Invalid Reset Link", description: PasswordMessages.INVALID_RESET_LINK, variant: "destructive" });
    }
  }, [isInvalid, done]);

  const onSubmit = form.handleSubmit(({ password }) =>
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
        <Button asChild className="w-full">
          <Link href={paths.login}>Continue to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  if (isInvalid) {
    return (
      <AuthCard
        icon={<LinkIcon aria-hidden />}
        title="Link Expired or Invalid"
        description="This password reset link is invalid or has expired. Reset links work once and only for one hour."
      >
        <Button asChild className="w-full">
          <Link href={paths.forgotPassword}>Request New Reset Link</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link href={paths.login}>Back to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  if (verify.isPending) return <FullPageSpinner label="Verifying reset link..." />;

  return (
    <AuthCard icon={<LockKeyhole aria-hidden />} title="Reset Password" description="Choose a new password for your account.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <FormField label="New password" error={errors.password?.message} hint="At least 6 characters.">
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <Button type="submit" isLoading={reset.isPending} className="w-full">
          {reset.isPending ? "Updating..." : "Update Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
