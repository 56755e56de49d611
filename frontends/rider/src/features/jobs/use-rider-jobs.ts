import { translate } from '@escrow/ui/i18n/i18n';
import { useCallback, useEffect, useState } from 'react';
import { normalizeKenyanPhone } from '@escrow/core/rules';
import { PHONE_NOT_VERIFIED, riderApi, type RiderJobListItem } from '../../shared/rider-api.ts';
import type { RiderText, Said } from '../../i18n/use-rider-t.ts';

export type RiderJobsState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'loaded'; readonly available: readonly RiderJobListItem[]; readonly assigned: readonly RiderJobListItem[] }
  /** This browser holds no proof of the phone (a code sent to it by SMS): the page asks for one. */
  | { readonly kind: 'needs-proof' }
  /** `invalidPhone`: the server refused the number itself; the page asks for it again. */
  | { readonly kind: 'failed'; readonly message: Said; readonly invalidPhone: boolean };

const LOAD_FAILED: RiderText = 'catalogue.rider.loadAvailableJobsFailed';

/**
 * Both lists of the rider dashboard for one phone, read together. They are re-read when the
 * rider comes back to the tab (no live stream exists per phone) and on demand. Without this
 * browser's proof of the phone they are refused (decision 0046): the state says so.
 */
export function useRiderJobs(phone: string | null): { state: RiderJobsState; reload(): void } {
  const [state, setState] = useState<RiderJobsState>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (phone === null) return;
    const controller = new AbortController();
    // The words of a request that got no answer, in the page's language when it was sent.
    const failed = translate(LOAD_FAILED);
    const wanted = normalizeKenyanPhone(phone);
    if (wanted === null) return;
    riderApi
      .provenPhone(failed, controller.signal)
      .then(async (proof) => {
        if (controller.signal.aborted) return;
        // No proof of this phone in this browser: the code step, without a refused request.
        if (proof.ok && proof.data.phone !== wanted) return setState({ kind: 'needs-proof' });
        const [available, assigned] = await Promise.all([riderApi.availableJobs(phone, failed, controller.signal), riderApi.assignedJobs(phone, failed, controller.signal)]);
        if (controller.signal.aborted) return;
        if (available.ok && assigned.ok) {
          setState({ kind: 'loaded', available: available.data.jobs, assigned: assigned.data.jobs });
          return;
        }
        const failure = !available.ok ? available : !assigned.ok ? assigned : null;
        if (failure?.code === PHONE_NOT_VERIFIED) {
          setState({ kind: 'needs-proof' });
          return;
        }
        console.warn('Loading the jobs failed', failure?.status, failure?.message);
        const invalidPhone = failure?.status === 400;
        const serverWords = invalidPhone || failure?.status === 429 ? failure?.message : undefined;
        // A 503 says the service is down, whatever proxy answered (the catalogue's words, in the page's language).
        const message: Said = failure?.status === 503 ? { id: 'catalogue.errors.serviceUnavailable' } : serverWords === undefined ? { id: LOAD_FAILED } : { text: serverWords };
        setState({ kind: 'failed', message, invalidPhone });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Loading the jobs failed', error);
      });
    return () => controller.abort();
  }, [phone, generation]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setGeneration((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setGeneration((n) => n + 1);
  }, []);
  // A number no server would take (a hand-edited address): asked for again, in words.
  if (phone !== null && normalizeKenyanPhone(phone) === null) return { state: { kind: 'failed', message: { id: 'catalogue.validation.phone.invalid' }, invalidPhone: true }, reload };
  return { state, reload };
}
