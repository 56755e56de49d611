// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../src/components/button.tsx';

afterEach(cleanup);

/** A form whose request stays open until the test answers it, as a slow network does. */
function SlowForm({ sent }: { sent: string[] }) {
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.push('request');
    setBusy(true);
  };
  return (
    <form onSubmit={submit}>
      <Button type="submit" busy={busy} busyLabel="Saving…">
        Save
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('is a plain button unless told to submit: a click inside a form sends nothing', () => {
    const sent: string[] = [];
    render(
      <form onSubmit={() => sent.push('submitted')}>
        <Button onClick={() => sent.push('clicked')}>Add</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sent).toEqual(['clicked']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add' }).type).toBe('button');
  });

  it('while busy: disabled, aria-busy, says what it is doing, and a second tap sends nothing', () => {
    const sent: string[] = [];
    render(<SlowForm sent={sent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(sent).toEqual(['request']);
  });

  it('a click that reaches a busy button anyway (dispatched by script) does not act', () => {
    const sent: string[] = [];
    render(
      <Button busy onClick={() => sent.push('clicked')}>
        Approve
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Approve' });
    button.disabled = false;
    fireEvent.click(button);
    expect(sent).toEqual([]);
  });

  it('not busy: no aria-busy, its own label, enabled unless disabled', () => {
    render(
      <>
        <Button variant="danger">Remove</Button>
        <Button variant="ghost" disabled>
          Later
        </Button>
      </>,
    );
    const remove = screen.getByRole<HTMLButtonElement>('button', { name: 'Remove' });
    expect(remove.disabled).toBe(false);
    expect(remove.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Later' }).disabled).toBe(true);
  });
});
