import { RegisterRequestSchema, type Intent } from "@contract/accounts";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useRegister } from "../api/auth-mutations";
import { AuthForm } from "./auth-form";

/** Registration sends the chosen role as userType (player-side 5). */
export function RegisterForm({ userType }: { userType: Intent }) {
  const register = useRegister();
  const form = useSchemaForm(
    RegisterRequestSchema,
    { firstName: "", lastName: "", email: "", password: "", userType },
    { toastOnInvalid: false, revalidate: "onChange" },
  );
  const { errors } = form.formState;
  const onSubmit = form.submit((values) =>
    register.mutate(
      { ...values, userType, intent: userType },
      {
        onError: (error) =>
          toast({ title: "Registration failed", description: messageOr(error, "Registration failed"), variant: "destructive" }),
      },
    ),
  );
  return (
    <AuthForm
      onSubmit={onSubmit}
      label="Register"
      isPending={register.isPending}
      submitText="Create Account"
      pendingText="Creating Account..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 6 characters.">
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
    </AuthForm>
  );
}
