import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions } from '@escrow/ui/components/dialog';
import { useIsMobile } from '../../shared/use-is-mobile.ts';
import { tourDoneAtom } from './tour-atom.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/** The four steps (their texts' ids); each points at the part of the dashboard marked with its `data-tour`. */
export const TOUR_STEPS = [
  { target: 'stats', title: 'seller.tour.stats.title', text: 'seller.tour.stats.text' },
  { target: 'create-order', title: 'seller.tour.create-order.title', text: 'seller.tour.create-order.text' },
  { target: 'riders', title: 'seller.tour.riders.title', text: 'seller.tour.riders.text' },
  { target: 'orders', title: 'seller.tour.orders.title', text: 'seller.tour.orders.text' },
] as const;

const HIGHLIGHT = 'tour-highlight';

/**
 * The guided tour (spec sections 2 and 9): four steps, on a computer only (768px and wider),
 * shown until the seller finishes or skips it, which is remembered. It is the kit's non-modal
 * Dialog beside the page, so the dashboard stays usable while it is open.
 */
export function GuidedTour() {
  const t = useSellerT();
  const isMobile = useIsMobile();
  const [done, setDone] = useAtom(tourDoneAtom);
  const [step, setStep] = useState(0);
  const open = !isMobile && !done;
  const current = TOUR_STEPS[step] ?? TOUR_STEPS[0];

  useEffect(() => {
    if (!open) return undefined;
    const element = document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`);
    if (!element) return undefined;
    element.classList.add(HIGHLIGHT);
    element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    return () => element.classList.remove(HIGHLIGHT);
  }, [open, current.target]);

  const finish = () => setDone(true);
  const last = step === TOUR_STEPS.length - 1;

  return (
    <Dialog
      open={open}
      modal={false}
      onOpenChange={(next) => (next ? undefined : finish())}
      closeButton={false}
      eyebrow={t('seller.tour.step', { step: step + 1, count: TOUR_STEPS.length })}
      title={t(current.title)}
      description={t(current.text)}
    >
      <DialogActions align="end">
        <Button variant="secondary" onClick={finish}>
          {t('seller.tour.skip')}
        </Button>
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)}>
            {t('seller.tour.back')}
          </Button>
        ) : null}
        <Button onClick={() => (last ? finish() : setStep(step + 1))}>{last ? t('seller.tour.finish') : t('seller.tour.next')}</Button>
      </DialogActions>
    </Dialog>
  );
}
