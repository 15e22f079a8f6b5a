import { useState, type ReactNode } from "react";
import { CONTACT_SUCCESS_MESSAGE, ContactRequestSchema, type ContactRequest } from "@contract/content";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { useSendContactMessage } from "../api/send-contact-message";

const emptyForm: ContactRequest = { name: "", email: "", phone: "", question: "" };

/** The footer's Contact Us dialog (player-side 1, 5 and 8). */
export function ContactDialog({ trigger, initiallyOpen = false }: { trigger: ReactNode; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const send = useSendContactMessage();
  const form = useSchemaForm(ContactRequestSchema, emptyForm, { toastOnInvalid: false, revalidate: "onChange" });
  const { errors } = form.formState;

  const onSubmit = form.submit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast({ title: "Message Sent!", description: CONTACT_SUCCESS_MESSAGE, variant: "success" });
        form.reset(emptyForm);
        setOpen(false);
      },
      onError: () => toast({ title: "Error", description: "Failed to send message. Please try again.", variant: "destructive" }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact Us</DialogTitle>
          <DialogDescription>Questions about coaching, bookings or your account? Send us a note.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register("name")} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...form.register("phone")} />
          </FormField>
          <FormField label="Question" error={errors.question?.message}>
            <Textarea {...form.register("question")} />
          </FormField>
          <Button type="submit" isLoading={send.isPending} className="w-full sm:w-auto sm:self-end">
            {send.isPending ? "Sending..." : "Send Message"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
