import { pageSearch } from '@escrow/ui/page/page-answers';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { deliveryCodeAtom } from './delivery-code-atom.ts';

function codeFromUrl(): string | null {
  const code = new URLSearchParams(pageSearch()).get('code')?.trim();
  return code ? code : null;
}

/** Removes `code` from the address bar so it is not shared, screenshotted or bookmarked by accident. */
function removeCodeFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('code')) return;
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export interface DeliveryCode {
  /** The code to ask with: the link's, else the one stored from an earlier visit; null: none. */
  readonly code: string | null;
  /** Stores the link's code once the server has accepted it. */
  readonly remember: () => void;
}

/**
 * The delivery code for an order. A `code` in the link wins; it leaves the address bar at
 * once and is stored only after the server accepted it, so a mistyped or truncated link never
 * overwrites the good code a buyer already has on this phone.
 */
export function useDeliveryCode(orderId: string): DeliveryCode {
  const [storedCode, setStoredCode] = useAtom(deliveryCodeAtom(orderId));
  // Read once: the URL is cleaned right after the first render.
  const [urlCode] = useState(codeFromUrl);

  useEffect(() => {
    removeCodeFromUrl();
  }, []);

  const remember = useCallback(() => {
    if (urlCode !== null && urlCode !== storedCode) setStoredCode(urlCode);
  }, [urlCode, storedCode, setStoredCode]);

  return { code: urlCode ?? storedCode, remember };
}
