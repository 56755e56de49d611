import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions } from '@escrow/ui/components/dialog';
import { useIsMobile } from '../../shared/use-is-mobile.ts';
import { tourDoneAtom } from './tour-atom.ts';

/** The four steps; each points at the part of the dashboard marked with its `data-tour`. */
export const TOUR_STEPS = [
  { target: 'stats', title: 'Your numbers', text: 'Orders, payments waiting, completed deliveries and the money settled to you, updated as things happen.' },
  { target: 'create-order', title: 'Create an order', text: 'Enter the item, price and buyer. You get a buyer link to send on WhatsApp; the buyer pays into escrow before you dispatch.' },
  { target: 'riders', title: 'Your riders', text: 'Add the riders you work with once. Assign one to an order as soon as the buyer has paid.' },
  { target: 'orders', title: 'Recent orders', text: 'Your latest orders and where each one is. Open an order to assign a rider or follow the delivery.' },
] as const;

const HIGHLIGHT = 'tour-highlight';

/**
 * The guided tour (spec sections 2 and 9): four steps, on a computer only (768px and wider),
 * shown until the seller finishes or skips it, which is remembered. It is the kit's non-modal
 * Dialog beside the page, so the dashboard stays usable while it is open.
 */
export function GuidedTour() {
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
      eyebrow={`Step ${step + 1} of ${TOUR_STEPS.length}`}
      title={current.title}
      description={current.text}
    >
      <DialogActions align="end">
        <Button variant="secondary" onClick={finish}>
          Skip tour
        </Button>
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        ) : null}
        <Button onClick={() => (last ? finish() : setStep(step + 1))}>{last ? 'Finish' : 'Next'}</Button>
      </DialogActions>
    </Dialog>
  );
}
