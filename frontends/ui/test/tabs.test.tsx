// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from '../src/components/tabs.tsx';

afterEach(cleanup);

const ITEMS = [
  { value: 'orders', label: 'Orders', content: <p>Every order</p> },
  { value: 'sellers', label: 'Sellers', content: <p>Every seller</p> },
  { value: 'admin', label: 'Admin', content: <p>Admin tools</p> },
];

const selected = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent);

describe('Tabs', () => {
  it('a named list of tabs; the first is selected and only its panel is mounted, named by its tab', () => {
    render(<Tabs label="Admin sections" items={ITEMS} />);
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeTruthy();
    expect(selected()).toEqual(['Orders']);
    expect(screen.getByRole('tabpanel', { name: 'Orders' }).textContent).toBe('Every order');
    expect(screen.queryByText('Every seller')).toBeNull();
  });

  it('the arrow keys move to the next or previous tab and select it; Home and End go to the ends; the list wraps', async () => {
    render(<Tabs label="Admin sections" items={ITEMS} />);
    const [orders, sellers, admin] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    // Radix moves focus on the tick after the key (then selects the tab focused).
    const press = async (from: HTMLElement, key: string, to: HTMLElement) => {
      fireEvent.keyDown(from, { key });
      await waitFor(() => expect(document.activeElement).toBe(to));
    };
    orders.focus();
    await press(orders, 'ArrowRight', sellers);
    expect(selected()).toEqual(['Sellers']);
    expect(screen.getByRole('tabpanel', { name: 'Sellers' }).textContent).toBe('Every seller');
    expect(screen.queryByText('Every order')).toBeNull();

    await press(sellers, 'End', admin);
    expect(selected()).toEqual(['Admin']);
    await press(admin, 'ArrowRight', orders);
    expect(selected()).toEqual(['Orders']);
    await press(orders, 'ArrowLeft', admin);
    expect(selected()).toEqual(['Admin']);
    await press(admin, 'Home', orders);
    expect(selected()).toEqual(['Orders']);
  });

  it('Tab reaches the list once, on the selected tab; the panel is the next stop', async () => {
    render(<Tabs label="Admin sections" items={ITEMS} defaultValue="sellers" />);
    const list = screen.getByRole('tablist');
    expect(list.getAttribute('tabindex')).toBe('0');
    list.focus();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sellers' })));
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Sellers' }).getAttribute('tabindex')).toBe('0');
  });
});
