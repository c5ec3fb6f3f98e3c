/** Offers a blob as a file download, made on the device: no server round trip. */
export function downloadFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click has returned; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
