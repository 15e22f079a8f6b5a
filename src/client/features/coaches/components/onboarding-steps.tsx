import { Camera } from "lucide-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { PRICING_TIPS } from "@contract/coaches";
import { POSITIONS, type Position } from "@contract/coach-basics";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { DigitsInput, Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { PhotoPickerButton, takeCheckedImage, UploadingOverlay } from "@client/components/ui/photo-picker";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import type { ImageFileMessages } from "@client/lib/image-file";
import { lookupZip } from "@client/lib/lookup-zip";
import { useUploadProfileImage } from "../api/coach-onboarding";
import { OnboardingMessages, type OnboardingDraft } from "./onboarding-draft";
import { RateGrid } from "./rate-grid";
import { toastFailure } from "@client/lib/toast-failure";

type DraftProps = { draft: OnboardingDraft; onChange: (patch: Partial<OnboardingDraft>) => void };

export function PersonalInformationStep({ draft, onChange }: DraftProps) {
  const zip = draft.zipcode.trim();
  useEffect(() => {
    if (!/^\d{5}$/.test(zip)) return;
    let current = true;
    // An unknown ZIP (or a failed lookup) clears the location, as on the profile page.
    lookupZip(zip)
      .then((place) => current && onChange({ location: place ? `${place.city}, ${place.state}` : "" }))
      .catch(() => current && onChange({ location: "" }));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- looks up only when the ZIP changes
  }, [zip]);

  const togglePosition = (position: Position, on: boolean) =>
    onChange({ positions: on ? [...draft.positions, position] : draft.positions.filter((p) => p !== position) });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name *">
        <Input value={draft.firstName} onChange={(e) => onChange({ firstName: e.target.value })} autoComplete="given-name" />
      </FormField>
      <FormField label="Last name *">
        <Input value={draft.lastName} onChange={(e) => onChange({ lastName: e.target.value })} autoComplete="family-name" />
      </FormField>
      <FormField label="Phone number *">
        <Input type="tel" value={draft.phoneNumber} onChange={(e) => onChange({ phoneNumber: e.target.value })} autoComplete="tel" />
      </FormField>
      <FormField label="Coaching title *" hint="For example: Former D1 Defenseman">
        <Input value={draft.title} onChange={(e) => onChange({ title: e.target.value })} />
      </FormField>
      <FormField label="Bio *" className="sm:col-span-2">
        <Textarea value={draft.bio} onChange={(e) => onChange({ bio: e.target.value })} />
      </FormField>
      <FormField label="Zipcode *" hint={draft.location ? draft.location : "5 digits"}>
        <DigitsInput maxLength={5} value={draft.zipcode} onValueChange={(zipcode) => onChange({ zipcode, location: "" })} />
      </FormField>
      <FormField label="Location">
        <Input value={draft.location} readOnly placeholder="Filled from the zipcode" />
      </FormField>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Positions you coach * (at least one)</legend>
        <div className="flex flex-wrap gap-4">
          {POSITIONS.map((position) => (
            <label key={position} className="flex items-center gap-2 text-sm">
              <Checkbox checked={draft.positions.includes(position)} onCheckedChange={(on) => togglePosition(position, on === true)} />
              {position}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Experience" className="sm:col-span-2">
        <Textarea rows={3} value={draft.experience} onChange={(e) => onChange({ experience: e.target.value })} />
      </FormField>
    </div>
  );
}

export function SessionRatesStep({ draft, onChange }: DraftProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-lg bg-field-50 px-4 py-3 text-sm text-field-900">
        Pricing tips: individual {PRICING_TIPS.individual}, group {PRICING_TIPS.group}. Fill in at least one rate.
      </p>
      <RateGrid
        rates={draft.rates}
        labels="long"
        placeholder="e.g. 75"
        onChange={(key, value) => onChange({ rates: { ...draft.rates, [key]: value } })}
      />
    </div>
  );
}

/** coach-side 5: the coach photo's own messages, as on the profile page. */
const PHOTO_MESSAGES: ImageFileMessages = {
  tooLarge: { title: "File Too Large", description: "Please select an image smaller than 5MB" },
  notImage: { title: "Invalid File Type", description: "Please select an image file" },
  order: "size-first",
};

export function ProfilePhotoStep({ userId, photoUrl }: { userId: number; photoUrl: string | null }) {
  const inputId = useId();
  const upload = useUploadProfileImage(userId);
  const [failed, setFailed] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = takeCheckedImage(event, PHOTO_MESSAGES);
    if (!file) return;
    setFailed(false);
    try {
      await upload.mutateAsync(file);
      toast({ title: "Image Uploaded", description: "Your profile photo is saved.", variant: "success" });
    } catch (error) {
      setFailed(true);
      toastFailure(error, "Upload Failed", OnboardingMessages.UPLOAD_FAILED);
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-field-100 bg-field-50">
        {photoUrl ? (
          <img src={photoUrl} alt="Your headshot" className="size-full object-cover" data-testid="onboarding-photo" />
        ) : (
          <Camera aria-hidden className="size-10 text-field-600" />
        )}
        {upload.isPending ? <UploadingOverlay /> : null}
      </div>
      <div className="flex flex-col gap-2">
        <PhotoPickerButton id={inputId} hasPhoto={!!photoUrl} isLarge onChange={(e) => void onFile(e)} />
        <p className="text-sm text-slate-600">A JPG or PNG image of at most 5MB. Required to continue.</p>
        {failed ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {OnboardingMessages.UPLOAD_FAILED}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ScheduleStep({ draft, onChange, today }: DraftProps & { today: string }) {
  const slot = draft.slot;
  const set = (patch: Partial<OnboardingDraft["slot"]>) => onChange({ slot: { ...slot, ...patch } });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Add your first available time slot so players can book you right away. Leave it empty to skip: you can add slots later from the
        dashboard. A slot is created only when the date, start, end and location name are all filled in.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date">
          <Input type="date" min={today} value={slot.date} onChange={(e) => set({ date: e.target.value })} />
        </FormField>
        <FormField label="Start time">
          <Input type="time" step={900} value={slot.startTime} onChange={(e) => set({ startTime: e.target.value })} />
        </FormField>
        <FormField label="End time">
          <Input type="time" step={900} value={slot.endTime} onChange={(e) => set({ endTime: e.target.value })} />
        </FormField>
        <FormField label="Location name" className="sm:col-span-3">
          <Input value={slot.locationName} onChange={(e) => set({ locationName: e.target.value })} placeholder="e.g. Memorial Field" />
        </FormField>
        <FormField label="Location address" className="sm:col-span-3">
          <Input value={slot.locationAddress} onChange={(e) => set({ locationAddress: e.target.value })} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex items-center gap-2">
          <Checkbox id="first-slot-group" checked={slot.isGroup} onCheckedChange={(on) => set({ isGroup: on === true })} />
          <Label htmlFor="first-slot-group">Group session</Label>
        </div>
        {slot.isGroup ? (
          <FormField label="Capacity (players)" className="w-40" hint="2 to 10">
            <DigitsInput maxLength={2} value={slot.capacity} onValueChange={(capacity) => set({ capacity })} />
          </FormField>
        ) : null}
      </div>
    </div>
  );
}
