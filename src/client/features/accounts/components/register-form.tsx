import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { RegisterRequestSchema, type Intent, type RegisterRequest } from "@contract/accounts";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useRegister } from "../api/auth-mutations";

/** Registration sends the chosen role as userType (player-side 5). */
export function RegisterForm({ userType }: { userType: Intent }) {
  const register = useRegister();
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(RegisterRequestSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", userType },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      { ...values, userType, intent: userType },
      {
        onError: (error) =>
          toast({ title: "Registration failed", description: messageOr(error, "Registration failed"), variant: "destructive" }),
      },
    ),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Register">
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
      <Button type="submit" isLoading={register.isPending} className="w-full">
        {register.isPending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
