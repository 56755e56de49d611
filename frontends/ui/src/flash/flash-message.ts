/**
 * A message for the next page (e.g. 'Signed in successfully!' shown on the dashboard the
 * sign-in goes to). Kept in sessionStorage for one read, so it survives the shell handing over
 * to a remote, and never outlives the tab.
 */
export interface FlashMessage {
  readonly text: string;
  readonly tone: 'success' | 'info';
}

const KEY = 'escrow:flash';

export function setFlash(text: string, tone: FlashMessage['tone'] = 'success'): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ text, tone }));
  } catch {
    // Private mode with storage disabled: the page still works, only the message is lost.
  }
}

/** The pending message, removed as it is read. */
export function takeFlash(): FlashMessage | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<FlashMessage>;
    return typeof value.text === 'string' ? { text: value.text, tone: value.tone === 'info' ? 'info' : 'success' } : null;
  } catch {
    return null;
  }
}
