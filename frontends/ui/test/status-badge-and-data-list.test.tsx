// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataList, type Column } from '../src/components/data-list.tsx';
import { StatusBadge } from '../src/components/status-badge.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatusBadge', () => {
  it('shows its label as written; the tone is a class, never the text', () => {
    render(
      <>
        <StatusBadge tone="success">Paid ✓</StatusBadge>
        <StatusBadge tone="danger" capitalized wrap className="admin-payout-state">
          failed
        </StatusBadge>
      </>,
    );
    expect(screen.getByText('Paid ✓').tagName).toBe('SPAN');
    const failed = screen.getByText('failed');
    expect(failed.classList.contains('admin-payout-state')).toBe(true);
    // Each tone, wrap and capitalised is a class of the badge's CSS Module.
    expect(failed.classList.length).toBe(5);
    expect(screen.getByText('Paid ✓').className).not.toBe(failed.className);
  });
});

interface Row {
  readonly id: string;
  readonly item: string;
  readonly price: string;
}
const COLUMNS: readonly Column<Row>[] = [
  { header: 'Item', cell: (row) => row.item },
  { header: 'Price', cell: (row) => row.price, numeric: true },
];
const ROWS: readonly Row[] = [
  { id: 'a', item: 'Samsung Galaxy A15', price: 'KSh 25,000.00' },
  { id: 'b', item: 'Sony WH-1000XM5', price: 'KSh 42,000.00' },
];

function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide && query === '(min-width: 768px)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

describe('DataList', () => {
  it('a wide screen gets a table, named by its caption, in a region that scrolls by keyboard', () => {
    screenIs(true);
    render(<DataList label="Orders" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Item', 'Price']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Orders' }).getAttribute('tabindex')).toBe('0');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a phone gets a card per row, each value under its column name; busy marks the list', () => {
    screenIs(false);
    render(<DataList label="Orders" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} busy />);
    const list = screen.getByRole('list', { name: 'Orders' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Item', 'Price']);
    expect(within(first as HTMLElement).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['Samsung Galaxy A15', 'KSh 25,000.00']);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
