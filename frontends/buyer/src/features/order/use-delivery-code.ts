import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { deliveryCodeAtom } from './delivery-code-atom.ts';

function codeFromUrl(): string | null {
  const code = new URLSearchParams(window.location.search).get('code')?.trim();
  return code ? code : null;
}

/** Removes `code` from the address bar so it is not shared or bookmarked by accident. */
function removeCodeFromUrl(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * The delivery code for an order: a `code` in the URL wins and is stored, then removed
 * from the URL; otherwise the code stored from an earlier visit is used.
 */
export function useDeliveryCode(orderId: string): string | null {
  const [storedCode, setStoredCode] = useAtom(deliveryCodeAtom(orderId));
  const urlCode = codeFromUrl();

  useEffect(() => {
    if (urlCode === null) return;
    setStoredCode(urlCode);
    removeCodeFromUrl();
  }, [urlCode, setStoredCode]);

  return urlCode ?? storedCode;
}
