import { useId, useState } from "react";
import { z } from "zod";
import {
  AddCredentialRequestSchema,
  CREDENTIAL_DOCUMENT_TYPES,
  CREDENTIAL_LABELS,
  CredentialMessages,
  MAX_CREDENTIAL_DOCUMENT_BYTES,
  type AddCredentialRequest,
} from "@contract/credentials";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { fieldControlClass, Input } from "@client/components/ui/input";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { useAddCredential } from "../api/credentials";

/** The kinds a coach adds with a form; a background check is started with its own button (the provider runs it). */
export const FORM_KINDS = ["safesport", "usa_lacrosse", "cdp_level", "first_aid"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** The form's text fields, each kind taking the ones it needs, then the contract's rules per kind. */
const CredentialFormSchema = z
  .object({
    kind: z.enum(FORM_KINDS, { message: CredentialMessages.KIND }),
    completedOn: z.string(),
    expiresOn: z.string(),
    memberNumber: z.string(),
    level: z.string(),
  })
  .transform((v): Record<string, unknown> => ({
    kind: v.kind,
    ...(v.kind === "safesport" ? { completedOn: v.completedOn || undefined } : {}),
    ...(v.kind === "usa_lacrosse" || v.kind === "first_aid" ? { expiresOn: v.expiresOn || undefined } : {}),
    ...(v.kind === "usa_lacrosse" ? { memberNumber: v.memberNumber.trim() || undefined } : {}),
    ...(v.kind === "cdp_level" ? { level: v.level ? Number(v.level) : undefined } : {}),
  }))
  .pipe(AddCredentialRequestSchema);

/** What is wrong with a chosen document (PDF, PNG or JPEG up to 5 MB), or null; the server checks its bytes again. */
export function documentProblem(file: File | null): string | null {
  if (!file) return null;
  if (!(CREDENTIAL_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return CredentialMessages.DOCUMENT_TYPE;
  if (file.size > MAX_CREDENTIAL_DOCUMENT_BYTES) return CredentialMessages.DOCUMENT_TOO_LARGE;
  return null;
}

export const DOCUMENT_ACCEPT = "application/pdf,image/png,image/jpeg";

/** Add (or renew) a credential: its dates or number, and its document; it waits for an admin. */
export function CredentialForm({ kind = "safesport", onDone }: { kind?: FormKind; onDone: () => void }) {
  const id = useId();
  const form = useSchemaForm(CredentialFormSchema, { kind, completedOn: "", expiresOn: "", memberNumber: "", level: "" });
  const { errors } = form.formState;
  const chosen = form.watch("kind");
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const add = useAddCredential();

  const submit = form.submit((body: AddCredentialRequest) => {
    const problem = documentProblem(document);
    if (problem) {
      setDocumentError(problem);
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    add.mutate(
      { body, document },
      {
        onSuccess: () => {
          toast({ title: "Sent for review", description: "An admin checks it, usually within two working days.", variant: "success" });
          onDone();
        },
        onError: (err: Error) => {
          if (!form.showServerError(err)) setDocumentError(err.message);
          toast({ title: "Error", description: err.message, variant: "destructive" });
        },
      },
    );
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label="Credential details">
      <FormField id={`${id}-kind`} label="Credential" error={errors.kind?.message}>
        <select className={`${fieldControlClass} h-11`} {...form.register("kind")}>
          {FORM_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === "safesport" ? "SafeSport training" : CREDENTIAL_LABELS[k]}
            </option>
          ))}
        </select>
      </FormField>
      {chosen === "safesport" ? (
        <FormField id={`${id}-completed`} label="Completed on" hint="Valid for a year from this date." error={errors.completedOn?.message}>
          <Input type="date" {...form.register("completedOn")} />
        </FormField>
      ) : null}
      {chosen === "usa_lacrosse" ? (
        <FormField id={`${id}-member`} label="Member number" error={errors.memberNumber?.message}>
          <Input autoComplete="off" {...form.register("memberNumber")} />
        </FormField>
      ) : null}
      {chosen === "usa_lacrosse" || chosen === "first_aid" ? (
        <FormField id={`${id}-expires`} label="Expires on" error={errors.expiresOn?.message}>
          <Input type="date" {...form.register("expiresOn")} />
        </FormField>
      ) : null}
      {chosen === "cdp_level" ? (
        <FormField id={`${id}-level`} label="Level" error={errors.level?.message}>
          <select className={`${fieldControlClass} h-11`} {...form.register("level")}>
            <option value="">Choose a level</option>
            <option value="1">Level 1</option>
            <option value="2">Level 2</option>
            <option value="3">Level 3</option>
          </select>
        </FormField>
      ) : null}
      <FormField
        id={`${id}-document`}
        label="Document (PDF, PNG or JPEG, up to 5 MB)"
        hint="Only you and our admins can open it."
        error={documentError ?? undefined}
      >
        <Input
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="h-auto py-2"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setDocument(file);
            setDocumentError(documentProblem(file));
          }}
        />
      </FormField>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" isLoading={add.isPending}>
          Send for review
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
