/** What the export answered: the file was handed to the browser, or why not. */
export type ExportOutcome = { ok: true; fileName: string } | { ok: false; status: number; message: string | null };

function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Fetches the CSV with the session cookie and hands it to the browser as a download. Fetching
 * first (instead of a plain link) lets the screen say whether it worked ('Data exported
 * successfully!') and turn a refused session into the access check, never a JSON error page.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<ExportOutcome> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/csv' } });
  } catch {
    return { ok: false, status: 0, message: null };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = typeof body?.error?.message === 'string' ? body.error.message : null;
    return { ok: false, status: response.status, message };
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true, fileName };
}
