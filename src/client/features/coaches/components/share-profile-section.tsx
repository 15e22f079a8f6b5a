import { Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ShareLink } from "@contract/share-link";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, IconCardHeader } from "@client/components/ui/card";
import { Input } from "@client/components/ui/input";
import { messageOr } from "@client/lib/handle-unauthorized";
import { useShareLink } from "../api/get-share-link";

/** The flyer's QR code: large enough to print sharp, with the quiet zone scanners need. */
const QR_OPTIONS = { width: 512, margin: 2, errorCorrectionLevel: "M" } as const;

/**
 * Issue 44: the coach's public page as they would share it: its address with a copy button, the
 * preview a chat app draws from the page's Open Graph tags (the server's own head, GET
 * /api/coach/share-link), and a QR code for flyers. The QR library loads only when this section is drawn.
 */
export function ShareProfileSection() {
  const link = useShareLink();
  return (
    <Card data-testid="share-profile-section">
      <IconCardHeader icon={Share2} level={2}>
        Share your profile
      </IconCardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">Send your public page to families in a team chat, or print the QR code on a flyer.</p>
        {link.isLoading ? (
          <p className="text-sm text-slate-600">Loading your link...</p>
        ) : link.data ? (
          <Shared link={link.data} />
        ) : (
          <p role="alert" className="text-sm text-red-700">
            {messageOr(link.error, "Failed to load your profile link.")}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type CopyState = "idle" | "copied" | "select";

function Shared({ link }: { link: ShareLink }) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");
  const qr = useQrCode(link.url);

  // A browser that refuses the clipboard (no permission, not a secure page): the link is selected for the coach to copy.
  const selectLink = () => {
    field.current?.focus();
    field.current?.select();
    setCopy("select");
  };
  function copyLink() {
    if (!navigator.clipboard) return selectLink();
    navigator.clipboard.writeText(link.url).then(() => setCopy("copied"), selectLink);
  }
  useEffect(() => {
    if (copy !== "copied") return;
    const timer = setTimeout(() => setCopy("idle"), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={field}
          readOnly
          aria-label="Your public profile link"
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-64"
        />
        <Button variant="outline" size="sm" onClick={copyLink}>
          Copy link
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm font-semibold text-field-800">
        {copy === "copied"
          ? "Copied"
          : copy === "select"
            ? "Your browser did not let us copy it: the link is selected, copy it with Ctrl+C (⌘C on a Mac)."
            : ""}
      </p>

      <div className="grid min-w-0 gap-6 md:grid-cols-[minmax(0,28rem)_auto]">
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-display text-lg font-bold text-field-900 uppercase">Link preview</h3>
          <p className="text-sm text-slate-600">How your link shows in a chat app.</p>
          {/* Drawn as a chat app draws Open Graph: the image, the site, the title and the description. */}
          <figure className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="share-preview">
            <img
              src={link.imagePath}
              alt={`Profile card shown with the link: ${link.title}`}
              width={1200}
              height={630}
              loading="lazy"
              className="aspect-[1200/630] h-auto w-full bg-slate-100 object-cover"
            />
            <figcaption className="flex flex-col gap-1 border-l-4 border-field-600 p-3">
              <span className="text-xs text-slate-600 uppercase">{link.host}</span>
              <span className="font-semibold break-words text-field-950" data-testid="share-preview-title">
                {link.title}
              </span>
              <span className="text-sm break-words text-slate-600" data-testid="share-preview-description">
                {link.description}
              </span>
            </figcaption>
          </figure>
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-display text-lg font-bold text-field-900 uppercase">QR code for flyers</h3>
          <p className="text-sm text-slate-600">Families scan it with a phone camera to open your page.</p>
          {qr === "failed" ? (
            <p role="alert" className="text-sm text-red-700">
              The QR code could not be drawn. Reload the page to try again.
            </p>
          ) : qr ? (
            <>
              <img
                src={qr}
                alt={`QR code for ${link.url}`}
                width={192}
                height={192}
                className="size-48 rounded-lg border border-slate-200"
              />
              <Button asChild variant="outline" size="sm" className="self-start">
                <a href={qr} download={`laxcoach-coach-${link.coachId}-qr.png`}>
                  Download QR code
                </a>
              </Button>
            </>
          ) : (
            <div aria-hidden className="size-48 rounded-lg bg-slate-100" />
          )}
        </div>
      </div>
    </>
  );
}

/** The link's QR code as a PNG data URL, drawn by the qrcode library, loaded here and not with the dashboard. */
function useQrCode(url: string): string | "failed" | null {
  const [drawn, setDrawn] = useState<{ url: string; png: string | "failed" } | null>(null);
  useEffect(() => {
    let current = true;
    import("qrcode")
      .then(({ default: QRCode }) => QRCode.toDataURL(url, QR_OPTIONS))
      .then(
        (png) => current && setDrawn({ url, png }),
        () => current && setDrawn({ url, png: "failed" }),
      );
    return () => {
      current = false;
    };
  }, [url]);
  return drawn?.url === url ? drawn.png : null;
}
