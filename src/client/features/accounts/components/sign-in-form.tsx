import { LoginRequestSchema, type Intent } from "@contract/accounts";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useLogin } from "../api/auth-mutations";
import { AuthForm } from "./auth-form";

export function SignInForm({ intent }: { intent: Intent }) {
  const login = useLogin();
  const form = useSchemaForm(LoginRequestSchema, { email: "", password: "", intent }, { toastOnInvalid: false, revalidate: "onChange" });
  const { errors } = form.formState;
  const onSubmit = form.submit((values) =>
    login.mutate(
      { ...values, intent },
      {
        onError: (error) =>
          toast({ title: "Login failed", description: messageOr(error, "Invalid email or password"), variant: "destructive" }),
      },
    ),
  );
  return (
    <AuthForm onSubmit={onSubmit} label="Sign in" isPending={login.isPending} submitText="Sign In" pendingText="Signing In...">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
    </AuthForm>
  );
}
