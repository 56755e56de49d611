// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../src/components/button.tsx';
import { Dialog, DialogActions, DialogClose } from '../src/components/dialog.tsx';

afterEach(cleanup);

const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

/** A dialog like the remotes' own: a trigger, a form with a submit that stays busy until answered, Cancel. */
function RecordDialog({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
      busy={busy}
      trigger={<button type="button">Record reference</button>}
      title="Record M-Pesa reference"
      description="Pay this by hand first, then record the reference here."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
        }}
      >
        <label htmlFor="reference">Reference</label>
        <input id="reference" />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel="Recording…">
            Record reference
          </Button>
          <DialogClose>Cancel</DialogClose>
        </DialogActions>
      </form>
      <button type="button" onClick={() => setBusy(false)}>
        Answer
      </button>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, named by its title and described by its description, with focus on its first field', async () => {
    render(<RecordDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record M-Pesa reference' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Pay this by hand first, then record the reference here.');
    // The close button comes last: focus opens where the work is, as it did before the kit.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Reference')));
    const buttons = [...dialog.querySelectorAll('button')].map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons.at(-1)).toBe('Close');
  });

  it('Escape closes it and focus returns to the trigger', async () => {
    const changes: boolean[] = [];
    render(<RecordDialog onOpenChange={(open) => changes.push(open)} />);
    const trigger = screen.getByRole('button', { name: 'Record reference' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes).toEqual([true, false]);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('the close button and Cancel close it, and focus returns to the trigger', async () => {
    render(<RecordDialog />);
    const trigger = screen.getByRole('button', { name: 'Record reference' });
    for (const name of ['Close', 'Cancel']) {
      fireEvent.click(trigger);
      fireEvent.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(trigger));
    }
  });

  it('while busy it stays open: Escape does nothing, Close and Cancel are disabled; answered, it closes again', async () => {
    render(<RecordDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Record reference' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Record reference' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Recording…' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Close' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    pressEscape();
    fireEvent.pointerDown(document.body);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a footer is a row of actions at the end; without a description the dialog points at none', async () => {
    render(
      <Dialog defaultOpen title="Payouts" closeButton={false} footer={<DialogClose>Close</DialogClose>}>
        <p>No payouts for this order yet.</p>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payouts' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    // The footer's Close is the only one: no second close button beside the title.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('not modal: the page stays usable and a click on it leaves the dialog open', async () => {
    const clicks: string[] = [];
    render(
      <>
        <button type="button" onClick={() => clicks.push('page')}>
          On the page
        </button>
        <Dialog defaultOpen modal={false} closeButton={false} eyebrow="Step 1 of 4" title="Your numbers" description="Orders and payments.">
          <p>Tour</p>
        </Dialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your numbers' });
    expect(dialog.textContent).toContain('Step 1 of 4');
    const page = screen.getByRole('button', { name: 'On the page' });
    // Radix listens for a press outside from the next tick after opening.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.pointerDown(page);
    fireEvent.click(page);
    expect(clicks).toEqual(['page']);
    expect(screen.getByRole('dialog', { name: 'Your numbers' })).toBe(dialog);
    expect(page.closest('[aria-hidden="true"]')).toBeNull();
  });
});
