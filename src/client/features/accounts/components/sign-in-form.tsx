import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LoginRequestSchema, type Intent, type LoginRequest } from "@contract/accounts";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useLogin } from "../api/auth-mutations";

export function SignInForm({ intent }: { intent: Intent }) {
  const login = useLogin();
  const form = useForm<LoginRequest>({ resolver: zodResolver(LoginRequestSchema), defaultValues: { email: "", password: "", intent } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(
      { ...values, intent },
      {
        onError: (error) =>
          toast({ title: "Login failed", description: messageOr(error, "Invalid email or password"), variant: "destructive" }),
      },
    ),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" isLoading={login.isPending} className="w-full">
        {login.isPending ? "Signing In..." : "Sign In"}
      </Button>
    </form>
  );
}
