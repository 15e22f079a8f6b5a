import { Lightbulb } from "lucide-react";
import { useRef } from "react";
import { useLocation } from "wouter";
import type { CurrentUser } from "@contract/accounts";
import { PRICING_TIPS, type CoachResponse } from "@contract/coaches";
import { formatLocation } from "@contract/geo";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { DigitsInput, Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { lookupZip } from "@client/lib/lookup-zip";
import { useSaveCoachProfile } from "../api/save-coach-profile";
import { useUpdateContact } from "../api/update-contact";
import { coachProfileRequestOf, CoachProfileFormSchema, coachProfileValues, type CoachProfileValues } from "./coach-profile-values";
import { PositionToggles, PromoGraphicSection, Section } from "./coach-profile-sections";
import { PhotoField } from "./photo-field";
import { RateGrid } from "./rate-grid";
import { toastFailure } from "@client/lib/toast-failure";

type TextField = "firstName" | "lastName" | "email" | "currentPassword" | "phoneNumber" | "title" | "bio" | "specialties" | "experience";

/** /coach-setup: contact details, the public profile, rates, the request setting and the promotional graphic. */
export function CoachProfileForm({ user, coach }: { user: CurrentUser; coach: CoachResponse | null }) {
  const [, navigate] = useLocation();
  const form = useSchemaForm(CoachProfileFormSchema, coachProfileValues(user, coach));
  const { errors } = form.formState;
  const values = form.watch();
  const zipRequest = useRef(0);
  const updateContact = useUpdateContact();
  const saveProfile = useSaveCoachProfile();
  const saving = updateContact.isPending || saveProfile.isPending;
  const changesEmail = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  /** A changed field drops its error until the form is sent again. */
  const field = (name: TextField) => form.register(name, { onChange: () => form.clearErrors(name) });
  const set = <K extends "smsOptIn" | "allowSessionRequests" | "profileImageUrl" | "positions">(key: K, value: CoachProfileValues[K]) =>
    form.setValue(key, value as never, { shouldDirty: true });

  async function onZipcodeChange(zipcode: string) {
    form.setValue("zipcode", zipcode, { shouldDirty: true });
    if (zipcode.length !== 5) form.setValue("location", "");
    form.clearErrors("zipcode");
    if (zipcode.length !== 5) return;
    const request = ++zipRequest.current;
    const found = await lookupZip(zipcode).catch(() => null);
    // A later keystroke wins over a slower earlier lookup.
    if (request !== zipRequest.current) return;
    form.setValue("location", found ? formatLocation(found.city, found.state) : "");
  }

  async function save(sent: CoachProfileValues) {
    const sendsNewEmail = sent.email.trim().toLowerCase() !== user.email.toLowerCase();
    try {
      await updateContact.mutateAsync({
        userId: user.id,
        contact: {
          firstName: sent.firstName,
          lastName: sent.lastName,
          email: sent.email,
          phoneNumber: sent.phoneNumber,
          smsOptIn: sent.smsOptIn,
          ...(sendsNewEmail ? { currentPassword: sent.currentPassword } : {}),
        },
      });
    } catch (error) {
      form.showServerError(error);
      toastFailure(error, "Error", "Failed to update contact information. Please try again.");
      return;
    }
    try {
      await saveProfile.mutateAsync({ coachId: coach?.id ?? null, profile: coachProfileRequestOf(sent) });
    } catch (error) {
      form.showServerError(error);
      toastFailure(error, "Error", "Failed to save coach profile. Please try again.");
      return;
    }
    toast({ title: "Profile Updated!", description: "Your coach profile has been saved.", variant: "success" });
    navigate("/coach-dashboard");
  }

  return (
    <form className="flex flex-col gap-6" onSubmit={(e) => void form.submit(save)(e)} noValidate>
      <Section title="Personal Information" description="How players and the platform reach you.">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input {...field("firstName")} autoComplete="given-name" required />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input {...field("lastName")} autoComplete="family-name" required />
          </FormField>
          <FormField
            label="Email"
            error={errors.email?.message}
            hint={
              changesEmail
                ? "We will send a link to the new address; it takes effect once you follow it."
                : user.pendingEmail
                  ? `Waiting for you to follow the link sent to ${user.pendingEmail}.`
                  : undefined
            }
          >
            <Input type="email" {...field("email")} autoComplete="email" required />
          </FormField>
          {changesEmail ? (
            <FormField label="Current password" error={errors.currentPassword?.message} hint="Needed to change your e-mail.">
              <Input type="password" {...field("currentPassword")} autoComplete="current-password" required />
            </FormField>
          ) : null}
          <FormField label="Phone number" error={errors.phoneNumber?.message}>
            <Input type="tel" {...field("phoneNumber")} autoComplete="tel" required />
          </FormField>
        </div>
        <div className="mt-4 flex items-start gap-3">
          <Checkbox id="coach-sms-opt-in" checked={values.smsOptIn} onCheckedChange={(c) => set("smsOptIn", c === true)} />
          <Label htmlFor="coach-sms-opt-in" className="font-normal">
            I agree to receive text messages about bookings, requests and cancellations.
          </Label>
        </div>
      </Section>

      <Section title="Profile Information" description="What players see on your public profile.">
        <div className="flex flex-col gap-4">
          <PhotoField url={values.profileImageUrl} onUploaded={(url) => set("profileImageUrl", url)} />
          <FormField label="Title" error={errors.title?.message}>
            <Input {...field("title")} placeholder="e.g. Former D1 Midfielder" required />
          </FormField>
          <FormField label="Bio" error={errors.bio?.message}>
            <Textarea {...field("bio")} rows={5} required />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Zipcode" error={errors.zipcode?.message}>
              <DigitsInput
                value={values.zipcode}
                onValueChange={(zipcode) => void onZipcodeChange(zipcode)}
                autoComplete="postal-code"
                maxLength={5}
                required
              />
            </FormField>
            <FormField label="Location" hint="Filled in from your zipcode.">
              <Input value={values.location} readOnly className="bg-slate-50" placeholder="City, ST" />
            </FormField>
          </div>
          <PositionToggles positions={values.positions} onChange={(positions) => set("positions", positions)} />
          <FormField label="Other specialties" hint="Separate with commas, e.g. Stick skills, Dodging, Recruiting advice">
            <Input {...field("specialties")} />
          </FormField>
          <FormField label="Experience">
            <Textarea {...field("experience")} rows={3} />
          </FormField>
        </div>
      </Section>

      <Section title="Session Rates" description="Fill in only the sessions you offer.">
        <RateGrid
          rates={values.rates}
          errors={errors.rates}
          labels="short"
          placeholder="0.00"
          onChange={(key, value) => {
            form.setValue(`rates.${key}`, value, { shouldDirty: true });
            form.clearErrors(`rates.${key}`);
          }}
        />
        <div className="mt-4 flex gap-3 rounded-xl bg-accent-200/60 p-4 text-sm text-field-950">
          <Lightbulb aria-hidden className="size-5 shrink-0" />
          <div>
            <p className="font-semibold">Pricing tips</p>
            <p>Individual: {PRICING_TIPS.individual}</p>
            <p>Group: {PRICING_TIPS.group}</p>
          </div>
        </div>
      </Section>

      <Section title="Session Requests" description="Players can ask for a time that is not in your schedule.">
        <div className="flex items-start gap-3">
          <Checkbox
            id="coach-allow-requests"
            checked={values.allowSessionRequests}
            onCheckedChange={(c) => set("allowSessionRequests", c === true)}
          />
          <Label htmlFor="coach-allow-requests" className="font-normal">
            Allow players to request sessions at other times
          </Label>
        </div>
      </Section>

      <PromoGraphicSection coachId={coach?.id ?? null} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => navigate("/")} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
