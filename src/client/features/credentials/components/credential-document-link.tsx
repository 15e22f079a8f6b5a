import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";
import { credentialDocumentUrl } from "../api/credentials";

/** The credential's uploaded document, opened in a new tab (the server decides who may read it). */
export function CredentialDocumentLink({
  credentialId,
  className,
  children,
}: {
  credentialId: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={credentialDocumentUrl(credentialId)}
      target="_blank"
      rel="noreferrer"
      className={cn("inline-flex items-center gap-1 font-semibold text-field-700 hover:underline", className)}
    >
      {children}
    </a>
  );
}
