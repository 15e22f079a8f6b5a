/** Hands a file made or fetched in the page to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
