import type { OrderEventReason } from '@escrow/api-client/live-order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buyerApi, type MpesaPrompt } from './buyer-api.ts';
import { translate } from '@escrow/ui/i18n/i18n';

/**
 * Live events are best-effort, so while a prompt waits its state is also read this often, for
 * this long after it began waiting on this page; after that "Check again" asks once more.
 */
export const MPESA_POLL_EVERY_MS = 3_000;
export const MPESA_POLL_FOR_MS = 180_000;

/** The order's live events that change a prompt: sent, M-Pesa's result, paid. */
const PROMPT_ACTIONS: ReadonlySet<string> = new Set(['stk_push', 'stk_result', 'verify_payment']);

/** In the page's language when the request is made. */
const sendFailed = () => translate('buyer.prompt.sendFailed');
const checkFailed = () => translate('buyer.prompt.checkFailed');

export interface MpesaPromptProblem {
  /** `phone`: about the number, shown under the field; `alert`: anything else. */
  readonly where: 'phone' | 'alert';
  readonly message: string;
}

export interface MpesaPromptOptions {
  readonly orderId: string;
  readonly deliveryCode: string;
  /** The order's live events (useLiveOrder's `subscribe`). */
  readonly subscribe: (listener: (reason: OrderEventReason) => void) => () => void;
  /** The prompt was paid: the page shows `message` and re-reads the order. */
  onPaid(message: string): void;
  /** The server says the order moved on (already paid, no longer payable): re-read it. */
  onOrderMoved(): void;
}

export interface MpesaPromptHandle {
  /** The prompt on screen; null: the phone form. */
  readonly prompt: MpesaPrompt | null;
  /** The prompt on screen came from the buyer's tap on this page (its panel takes the focus). */
  readonly tapped: boolean;
  readonly sending: boolean;
  readonly problem: MpesaPromptProblem | null;
  /** The prompt still waits but the page stopped asking every few seconds. */
  readonly stoppedChecking: boolean;
  /** Prompts `phone` (a valid local number); a second call while one is on its way is ignored. */
  send(phone: string): void;
  /** The page's own check of the number failed. */
  rejectPhone(message: string): void;
  checkAgain(): void;
  /** Back to the phone form ("Use another number"). */
  dismiss(): void;
}

/**
 * The buyer's M-Pesa prompt (STK Push): sends it, then follows it until M-Pesa answers, by the
 * order's live events and by reading it every few seconds while it waits (not while the tab is
 * hidden, and for 3 minutes at most). On load, a prompt still waiting is shown again, so a
 * reload mid-payment resumes.
 */
export function useMpesaPrompt({ orderId, deliveryCode, subscribe, onPaid, onOrderMoved }: MpesaPromptOptions): MpesaPromptHandle {
  const [prompt, setPrompt] = useState<MpesaPrompt | null>(null);
  const [tapped, setTapped] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<MpesaPromptProblem | null>(null);
  const [pollUntil, setPollUntil] = useState<number | null>(null);
  const [stoppedChecking, setStoppedChecking] = useState(false);

  const sendInFlight = useRef(false);
  /** Counts sends: a read that began before the latest send may describe an older prompt. */
  const sends = useRef(0);
  const reading = useRef(false);
  const shownId = useRef<string | null>(null);
  const shownState = useRef<MpesaPrompt['state'] | null>(null);
  const paidReported = useRef<string | null>(null);
  const handlers = useRef({ onPaid, onOrderMoved });
  useEffect(() => {
    handlers.current = { onPaid, onOrderMoved };
  });

  const show = useCallback((view: MpesaPrompt, byTap: boolean) => {
    const fresh = view.id !== shownId.current;
    if (view.state === 'waiting' && (fresh || byTap)) {
      setPollUntil(Date.now() + MPESA_POLL_FOR_MS);
      setStoppedChecking(false);
    }
    if (byTap) setTapped(true);
    else if (fresh) setTapped(false);
    // News from M-Pesa replaces an error about an earlier step (a failed check, a refused send).
    if (!byTap && (fresh || view.state !== shownState.current)) setProblem(null);
    shownId.current = view.id;
    shownState.current = view.state;
    setPrompt(view);
    if (view.state === 'paid' && paidReported.current !== view.id) {
      paidReported.current = view.id;
      handlers.current.onPaid(view.message);
    }
  }, []);

  const read = useCallback(
    async (reportFailure = false) => {
      if (reading.current || sendInFlight.current) return;
      reading.current = true;
      const sendsBefore = sends.current;
      try {
        const result = await buyerApi.latestMpesaPrompt(orderId, deliveryCode, checkFailed());
        if (sends.current !== sendsBefore) return;
        if (!result.ok) {
          if (reportFailure) setProblem({ where: 'alert', message: result.message });
          return;
        }
        const view = result.data;
        // Over the phone form only a prompt in progress is news; an old outcome is not.
        if (view === null || (shownId.current === null && view.state !== 'waiting')) return;
        show(view, false);
      } finally {
        reading.current = false;
      }
    },
    [orderId, deliveryCode, show],
  );

  // On load: a prompt still waiting is shown again.
  useEffect(() => {
    void read();
  }, [read]);

  useEffect(
    () =>
      subscribe((reason) => {
        if (reason.kind === 'reconnected' || (reason.kind === 'changed' && PROMPT_ACTIONS.has(reason.message.action))) void read();
      }),
    [subscribe, read],
  );

  const waitingId = prompt?.state === 'waiting' ? prompt.id : null;
  useEffect(() => {
    if (waitingId === null || pollUntil === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState === 'hidden') return;
      timer = setTimeout(() => {
        if (Date.now() >= pollUntil) setStoppedChecking(true);
        else void read().finally(next);
      }, MPESA_POLL_EVERY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer);
      // Back from the M-Pesa menu or another app: ask at once.
      else void read().finally(next);
    };
    document.addEventListener('visibilitychange', onVisibility);
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [waitingId, pollUntil, read]);

  const send = useCallback(
    (phone: string) => {
      if (sendInFlight.current) return;
      sendInFlight.current = true;
      sends.current += 1;
      setSending(true);
      setProblem(null);
      const settle = () => {
        sendInFlight.current = false;
        setSending(false);
      };
      buyerApi
        .requestMpesaPrompt(orderId, deliveryCode, phone, sendFailed())
        .then((result) => {
          settle();
          if (result.ok) {
            show(result.data, true);
          } else if (result.status === 400) {
            // The number is what the server refused: back to the field, with its message under it.
            shownId.current = null;
            shownState.current = null;
            setPrompt(null);
            setProblem({ where: 'phone', message: result.message });
          } else {
            setProblem({ where: 'alert', message: result.message });
            if (result.code === 'PAYMENT_ALREADY_CONFIRMED' || result.code === 'TRANSITION_NOT_ALLOWED') handlers.current.onOrderMoved();
          }
        })
        .catch((failure: unknown) => {
          console.warn('Sending the M-Pesa prompt failed', failure);
          settle();
          setProblem({ where: 'alert', message: sendFailed() });
        });
    },
    [orderId, deliveryCode, show],
  );

  const rejectPhone = useCallback((message: string) => setProblem({ where: 'phone', message }), []);

  const checkAgain = useCallback(() => {
    setProblem(null);
    setPollUntil(Date.now() + MPESA_POLL_FOR_MS);
    setStoppedChecking(false);
    void read(true);
  }, [read]);

  const dismiss = useCallback(() => {
    shownId.current = null;
    shownState.current = null;
    setPrompt(null);
    setTapped(false);
    setProblem(null);
  }, []);

  return { prompt, tapped, sending, problem, stoppedChecking, send, rejectPhone, checkAgain, dismiss };
}
