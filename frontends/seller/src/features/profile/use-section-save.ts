import { useState, type FormEvent } from 'react';
import type { ApiResult } from '@escrow/ui/api/request-json';
import type { SellerProfile } from '../../shared/seller-api.ts';
import type { SectionOutcome } from './section-status.tsx';
import { sellerText } from '../../i18n/use-seller-t.ts';

type Parse = (input: unknown) => { ok: true } | { ok: false; message: string };

/**
 * One profile section's save: check with the shared schema, send, then show the spec's success
 * text or the server's message (typed input stays). The saved record replaces the page's copy.
 */
export function useSectionSave(args: {
  parse: Parse;
  values: () => unknown;
  send: () => Promise<ApiResult<SellerProfile>>;
  success: string;
  onSaved: (profile: SellerProfile) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SectionOutcome>(null);
  const run = (send: () => Promise<ApiResult<SellerProfile>>, success: string) => {
    setBusy(true);
    setOutcome(null);
    send()
      .then((result) => {
        setBusy(false);
        if (result.ok) {
          args.onSaved(result.data);
          setOutcome({ tone: 'success', text: success });
        } else setOutcome({ tone: 'error', text: result.message });
      })
      .catch((error: unknown) => {
        console.warn('Saving failed', error);
        setBusy(false);
        setOutcome({ tone: 'error', text: sellerText('catalogue.errors.unexpected') });
      });
  };
  return {
    busy,
    outcome,
    setOutcome,
    run,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      if (busy) return;
      const parsed = args.parse(args.values());
      if (!parsed.ok) {
        setOutcome({ tone: 'error', text: parsed.message });
        return;
      }
      run(args.send, args.success);
    },
  };
}
