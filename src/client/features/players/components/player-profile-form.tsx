import { useState } from "react";
import type { CurrentUser } from "@contract/accounts";
import { DEFAULT_PROFILE_TRAVEL_DISTANCE, PlayerMessages, PROFILE_TRAVEL_DISTANCES } from "@contract/players";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { useSavePlayerProfile } from "../api/update-player-profile";
import { draftFromUser, localToday, playerProfileFormSchema, toPreferencesRequest, toProfileRequest } from "./player-draft";
import { ConsentCheckbox, LocationFields, PlayerInformationFields, PlayingProfileFields } from "./player-fields";
import { ProfilePhotoField } from "./profile-photo-field";
import { toastFailure } from "@client/lib/toast-failure";

/** /player-profile: every onboarding field in one form, the photo, and the player's SMS consent (required here). */
export function PlayerProfileForm({ user }: { user: CurrentUser }) {
  const [defaults] = useState(() => draftFromUser(user, PROFILE_TRAVEL_DISTANCES, DEFAULT_PROFILE_TRAVEL_DISTANCE));
  const [photoUrl, setPhotoUrl] = useState(user.profileImageUrl);
  const save = useSavePlayerProfile();
  const today = localToday();
  const form = useSchemaForm(playerProfileFormSchema(today), defaults);
  const draft = form.watch();

  const submit = form.submit((sent) => {
    save.mutate(
      { profile: toProfileRequest(sent, today), preferences: toPreferencesRequest(sent) },
      {
        onSuccess: () => toast({ title: "Profile Updated!", description: "Preferences updated", variant: "success" }),
        onError: (error) => {
          toastFailure(error, "Error", PlayerMessages.PROFILE_SAVE_FAILED);
        },
      },
    );
  });

  const initial = (draft.firstName.trim()[0] ?? user.email[0] ?? "P").toUpperCase();
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle level={2}>Player Information</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ProfilePhotoField url={photoUrl} initial={initial} onUploaded={setPhotoUrl} />
          <PlayerInformationFields draft={draft} onChange={form.update} today={today} parentLocked={Boolean(user.parentEmail?.trim())} />
          <ConsentCheckbox
            id="sms-opt-in"
            checked={draft.smsOptIn}
            onChange={(smsOptIn) => form.update({ smsOptIn })}
            label="I agree to receive text messages about my sessions and bookings."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Location Preferences</CardTitle>
        </CardHeader>
        <CardContent>
          <LocationFields draft={draft} onChange={form.update} distances={PROFILE_TRAVEL_DISTANCES} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Playing Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <PlayingProfileFields draft={draft} onChange={form.update} />
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" size="lg" isLoading={save.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
