import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { BUTTON_BASE_CLASS } from "./button-classes";
import { Spinner } from "./spinner";

export const buttonVariants = cva(BUTTON_BASE_CLASS, {
  variants: {
    variant: {
      primary: "bg-field-700 text-white shadow-sm hover:bg-field-800",
      accent: "bg-accent-400 text-field-950 shadow-sm hover:bg-accent-300",
      secondary: "bg-field-100 text-field-900 hover:bg-field-200",
      outline: "border-2 border-field-700 bg-white text-field-800 hover:bg-field-50",
      ghost: "text-field-800 hover:bg-field-100",
      destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
      link: "h-auto px-0 text-field-700 underline-offset-4 hover:underline",
    },
    size: {
      sm: "h-9 px-3 text-sm",
      md: "h-11 px-5 text-sm",
      lg: "h-13 px-7 text-base",
      icon: "size-10",
    },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a link) with the button's look instead of a <button>. */
    asChild?: boolean;
    /** Disables the button and shows a spinner before its label. */
    isLoading?: boolean;
  };

export function Button({ className, variant, size, asChild = false, isLoading = false, disabled, children, ...props }: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={cn(buttonVariants({ variant, size }), className)} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner decorative /> : null}
      {children}
    </button>
  );
}
