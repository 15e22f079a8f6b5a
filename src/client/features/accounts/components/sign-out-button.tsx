import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "@client/components/ui/button";
import { toast } from "@client/components/ui/toast";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useLogout } from "../api/auth-mutations";

/** player-side 2: the label reads "Signing Out..." while the request is pending. */
export function SignOutButton({ className, variant = "outline", size = "sm" }: Pick<ButtonProps, "className" | "variant" | "size">) {
  const logout = useLogout();
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (error) => toast({ title: "Logout failed", description: messageOr(error, "Logout failed"), variant: "destructive" }),
        })
      }
    >
      <LogOut aria-hidden />
      {logout.isPending ? "Signing Out..." : "Sign Out"}
    </Button>
  );
}
