// The admin's escrow work end to end: an order delivered through the real API is seen, exported
// as CSV and settled: 'Approve payout' (Mark Paid where payouts go by M-Pesa: playwright.config.ts
// runs MPESA_PAYOUTS=approval against the Daraja simulator), then M-Pesa pays seller and rider and
// the order settles; the summary follows live; the seller's revenue counts it.
import { readFile } from 'node:fs/promises';
import { expect, test } from './kit/test.ts';
import { centsOf, findOrder, openAdminDashboard, parseCsv, summaryCount, summaryNote, summaryValue } from './admin-page.ts';
import { simPayoutsFor } from './daraja-sim.ts';
import { deliver, newSeller, payOrder, pickUp, pricedOrder, seedDeliveredOrder } from './kit/seed.ts';
import { uniqueId } from '@escrow/test-kit';

test.describe('admin: settlement', () => {
  test('an admin made with the CLI sees a delivered order, exports it, approves its payout, M-Pesa pays it, and the figures follow live', async ({ admin: page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const seller = await newSeller(`Duka ${uniqueId('s')}`);
    // KSh 15,000 with delivery paid by the seller: fee 375.00, rider 300.00, seller 14,325.00.
    const delivered = await seedDeliveredOrder(seller, pricedOrder({ priceKsh: '15000', deliveryKsh: '300', sellerPaysDelivery: true }));
    expect([delivered.serviceFee, delivered.riderPayout, delivered.sellerPayout]).toEqual([37_500, 30_000, 1_432_500]);
    // A second order waits in transit; it is delivered while the admin watches.
    const created = await seller.createOrder(pricedOrder({ priceKsh: '2000', deliveryKsh: '250' }));
    await payOrder(created);
    const second = await seller.assignNewRider(created);
    await pickUp(second);

    await openAdminDashboard(page);
    await expect(page.getByText('Live updates on')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Orders', selected: true })).toBeVisible();
    await expect(summaryNote(page, 'Revenue')).toHaveText('2.5% fees');

    // The delivered order, as spec section 2 lists it.
    const row = await findOrder(page, delivered.trackingNumber);
    await expect(row).toContainText(delivered.itemName);
    await expect(row).toContainText(seller.businessName);
    await expect(row).toContainText(delivered.buyerName);
    await expect(row).toContainText('KSh 15,000.00');
    await expect(row).toContainText('KSh 14,325.00');
    await expect(row).toContainText('KSh 300.00');
    await expect(row).toContainText('Awaiting Escrow Payment');
    await expect(row.getByRole('button', { name: /^Approve payout/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Mark Paid/ })).toHaveCount(0);

    // Export Data: a day range is checked first; then the CSV download, the spec's 11 columns then
    // the 3 money-out columns, this order's row.
    await page.getByRole('button', { name: 'Export Data' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Data' });
    await exportDialog.getByLabel('From').fill('2026-12-31');
    await exportDialog.getByLabel('To').fill('2026-01-01');
    await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
    await expect(exportDialog.getByRole('alert')).toHaveText('The start date must not be after the end date');
    await exportDialog.getByLabel('From').fill('');
    await exportDialog.getByLabel('To').fill('');
    const downloading = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^escrow-orders-.*\.csv$/);
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows[0]).toHaveLength(14);
    expect(rows[0]?.slice(11)).toEqual(['M-Pesa receipt', 'Payout reference', 'Payout state']);
    const exported = rows.find((cells) => cells[0] === delivered.id);
    expect(exported, 'the delivered order is in the export').toBeDefined();
    expect(exported?.slice(0, 10)).toEqual([delivered.id, delivered.itemName, seller.businessName, delivered.buyerName, '15000.00', 'awaiting_settlement', 'mpesa_prepay', '14325.00', '300.00', '375.00']);
    expect(exported?.[10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Paid by M-Pesa, not yet paid out: the seller's payout waits for an admin's approval (MPESA_PAYOUTS=approval).
    expect(exported?.[11]).toMatch(/^[A-Z0-9]{10}$/);
    expect(exported?.slice(12)).toEqual(['', 'Waiting for approval']);
    await expect(page.getByText('Data exported successfully!')).toBeVisible();
    await expect(exportDialog).toBeHidden();

    // Live: the rider delivers the second order through the API; the card follows without a reload.
    const awaitingBefore = await summaryCount(page, 'Awaiting Settlement');
    const payoutBefore = centsOf(await summaryNote(page, 'Awaiting Settlement').innerText());
    await deliver(second);
    await expect.poll(() => summaryCount(page, 'Awaiting Settlement')).toBeGreaterThanOrEqual(awaitingBefore + 1);
    await expect.poll(async () => centsOf(await summaryNote(page, 'Awaiting Settlement').innerText())).toBeGreaterThanOrEqual(payoutBefore + second.sellerPayout + second.riderPayout);

    // A second window of the same admin watches: it learns of the settlement from the live stream only.
    const watcherContext = await browser.newContext({ storageState: await page.context().storageState() });
    const watcher = await watcherContext.newPage();
    await openAdminDashboard(watcher);
    await expect(watcher.getByText('Live updates on')).toBeVisible();
    const watcherRevenueBefore = centsOf(await summaryValue(watcher, 'Revenue').innerText());

    // Approve payout: asked first, then exactly once; M-Pesa (the simulator) pays seller and rider,
    // and its Results settle the order; Revenue grows by the fee.
    const revenueBefore = centsOf(await summaryValue(page, 'Revenue').innerText());
    const awaitingPayoutBeforeSettling = centsOf(await summaryNote(page, 'Awaiting Settlement').innerText());
    await row.getByRole('button', { name: /^Approve payout/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve payout' });
    await expect(dialog).toContainText('KSh 14,325.00');
    // Where to send it: the seller's saved M-Pesa number (0712345678 at sign-up, stored as +254).
    await expect(dialog).toContainText('M-Pesa +254712345678');
    await dialog.getByRole('button', { name: 'Approve payout' }).click();
    await expect(page.getByText('Payout approved. It goes to M-Pesa as soon as it is due; the order settles when M-Pesa confirms.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Paid ✓', { timeout: 30_000 });
    await expect(row).toContainText('Settlement Paid');
    await expect(row.getByRole('button', { name: /^(Approve payout|Mark Paid)/ })).toHaveCount(0);
    // Both payouts went through M-Pesa, each once, in whole shillings.
    const paidOut = await simPayoutsFor(delivered.trackingNumber);
    expect(paidOut.map((p) => [p.amount, p.status]).sort()).toEqual([[14_325, 'completed'], [300, 'completed']].sort());
    await expect.poll(async () => centsOf(await summaryValue(page, 'Revenue').innerText())).toBe(revenueBefore + delivered.serviceFee);
    await expect
      .poll(async () => centsOf(await summaryNote(page, 'Awaiting Settlement').innerText()))
      .toBeLessThanOrEqual(awaitingPayoutBeforeSettling - delivered.sellerPayout - delivered.riderPayout);

    await expect.poll(async () => centsOf(await summaryValue(watcher, 'Revenue').innerText())).toBe(watcherRevenueBefore + delivered.serviceFee);
    await watcherContext.close();

    // The seller's dashboard API counts the settled payout as revenue (spec section 9).
    const dashboard = await seller.api.get('/api/seller/dashboard');
    expect(dashboard.status()).toBe(200);
    const stats = ((await dashboard.json()) as { data: { stats: { revenue: number; settledOrders: number } } }).data.stats;
    expect(stats.revenue).toBe(delivered.sellerPayout);
    expect(stats.settledOrders).toBe(1);

    // A second Mark Paid (Approve payout) is refused by the server, whatever the screen shows, and pays nothing.
    const again = await page.request.post(`/api/admin/orders/${delivered.id}/settlement`, { headers: { origin }, data: {} });
    expect(again.status()).toBe(409);
    expect(await simPayoutsFor(delivered.trackingNumber)).toHaveLength(2);
    await seller.api.dispose();
  });
});
