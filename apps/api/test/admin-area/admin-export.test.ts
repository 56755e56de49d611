import { approvePayouts, confirmSettlement, ORDER_CSV_HEADER, recordPayoutReference, recordPayoutReport, runPayoutRound, TRACKING_ALPHABET, type EscrowDeps, type PayoutGateway } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, ORIGIN, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';
import { parseCsv } from './csv-parse.js';

/** A distinct tracking number per index, in the tracking alphabet (no 0/1/O/I/L). */
const trackingFor = (i: number): string => {
  let out = '';
  for (let n = i, k = 0; k < 6; k += 1, n = Math.floor(n / TRACKING_ALPHABET.length)) out += TRACKING_ALPHABET[n % TRACKING_ALPHABET.length];
  return `BULK${out}`;
};

const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const nairobiDay = (offsetDays: number) => new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('admin CSV export on %s', (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  let seller: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
    seller = await world.seller('Amani "Best" Phones, Ltd');
  });
  afterAll(async () => world?.dispose());

  const download = async (query = '') => {
    const response = await world.app.request(`${ORIGIN}/api/admin/export.csv${query}`, { headers: { cookie: `session=${admin.cookie}` } });
    const chunks: Uint8Array[] = [];
    if (response.status === 200) {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    }
    const text = response.status === 200 ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(chunks)) : await response.text();
    return { response, text, chunks: chunks.length };
  };

  it('sends the spec columns as an RFC 4180 attachment, money in KSh with 2 decimals, times in Nairobi', async () => {
    const { order } = await world.delivered(seller);
    must(await confirmSettlement(world.deps, { orderId: order.id, actor: { kind: 'admin', userId: admin.userId } }));
    const { response, text } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="escrow-orders-start-to-${nairobiToday()}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([...ORDER_CSV_HEADER]);
    // The spec's eleven columns first, unchanged; the money-out columns after them.
    expect(header?.slice(0, 11)).toEqual(['Order ID', 'Item', 'Seller', 'Buyer', 'Price (KSh)', 'Status', 'Payment Method', 'Seller Payout (KSh)', 'Rider Payout (KSh)', 'Service Fee (KSh)', 'Created At (EAT)']);
    expect(header?.slice(11)).toEqual(['M-Pesa receipt', 'Payout reference', 'Payout state']);
    const row = records.find((r) => r[0] === order.id);
    const created = new Date(order.createdAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(row).toEqual([
      order.id,
      'iPhone 13',
      'Amani "Best" Phones, Ltd',
      'Achieng Odhiambo',
      '65000.00',
      'settlement_completed',
      'mpesa_prepay',
      (order.sellerPayout / 100).toFixed(2),
      '300.00',
      (order.serviceFee / 100).toFixed(2),
      created,
      order.mpesaReceipt,
      // Mark Paid without a reference, on a deployment that pays by hand.
      '',
      'Paid by hand',
    ]);
    expect(order.mpesaReceipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(text).toContain('"Amani ""Best"" Phones, Ltd"');
    expect(text).not.toContain(order.deliveryCode);
  });

  it('payout columns: the payment receipt, the seller payout\'s M-Pesa receipt and state, "Paid by hand" with the reference of Mark Paid', async () => {
    // Payouts by M-Pesa through the core, with a payout port that accepts (or refuses, for one
    // order) and M-Pesa's Result delivered as the callback route delivers it.
    const refuse = new Set<string>();
    const gateway: PayoutGateway = {
      send: async (request) =>
        refuse.has(request.occasion) ? { status: 'refused', reason: 'The initiator is not allowed to pay this receiver', retryable: false } : { status: 'accepted', conversationId: `AG_${request.originatorConversationId}` },
      queryStatus: async () => ({ status: 'accepted' }),
    };
    const deps: EscrowDeps = { ...world.deps, payouts: { mode: 'approval', gateway } };
    const adminActor = { kind: 'admin', userId: admin.userId } as const;
    const { order: paid } = await world.delivered(seller);
    const { order: failed } = await world.delivered(seller);
    const { order: byHand } = await world.delivered(seller);
    const { order: waiting } = await world.delivered(seller);
    const unpaid = await world.order(seller);
    refuse.add(failed.trackingNumber);
    for (const order of [paid, failed]) must(await approvePayouts(deps, { orderId: order.id, actor: adminActor }));
    await runPayoutRound(deps);
    const [sent] = await world.deps.store.read((tx) => tx.payouts.listByOrder(paid.id));
    expect(await recordPayoutReport(deps, { source: 'result', originatorConversationId: sent?.originatorConversationId ?? '', report: { outcome: 'paid', receipt: 'UKSQW4QQE7', amount: null, receiverName: 'AMANI PHONES' } })).toBe('recorded');
    expect((await world.reload(paid.id)).status).toBe('settlement_completed');
    // Settled by Mark Paid on a deployment without payouts: no payout rows, the reference typed.
    must(await confirmSettlement(world.deps, { orderId: byHand.id, actor: adminActor, reference: 'QK12AB34CD' }));
    must(await approvePayouts(deps, { orderId: waiting.id, actor: adminActor }));

    const cells = async () => {
      const records = parseCsv((await download()).text.slice(1)).slice(1);
      return (order: { id: string }) => records.find((r) => r[0] === order.id)?.slice(11);
    };
    let of = await cells();
    expect(of(paid)).toEqual([paid.mpesaReceipt, 'UKSQW4QQE7', 'Paid']);
    expect(of(failed)).toEqual([failed.mpesaReceipt, '', 'Failed']);
    expect(of(byHand)).toEqual([byHand.mpesaReceipt, 'QK12AB34CD', 'Paid by hand']);
    expect(of(waiting)).toEqual([waiting.mpesaReceipt, '', 'Queued']);
    expect(of(unpaid)).toEqual(['', '', '']);

    // A queued payout an admin then paid by hand, recording its M-Pesa reference.
    const [queued] = await world.deps.store.read((tx) => tx.payouts.listByOrder(waiting.id));
    must(await recordPayoutReference(deps, { payoutId: queued?.id ?? '', actor: adminActor, reference: 'QK98ZY76XW' }));
    of = await cells();
    expect(of(waiting)).toEqual([waiting.mpesaReceipt, 'QK98ZY76XW', 'Paid by hand']);
    expect((await world.reload(waiting.id)).status).toBe('settlement_completed');
  });

  it('neutralises cells a spreadsheet would run as formulas, whatever field they come in', async () => {
    const names = ['=HYPERLINK("http://evil.example","Click")', '+254 trick', '-1+1', '@SUM(A1:A9)', ' =1+1', 'Plain, with comma'];
    const made = [];
    for (const itemName of names) made.push(await world.order(seller, { itemName, buyerName: '=cmd|" /C calc"!A0' }));
    const { text } = await download();
    const records = parseCsv(text.slice(1));
    for (const [i, order] of made.entries()) {
      const row = records.find((r) => r[0] === order.id);
      // The order form trims names; the stored name is what is exported.
      const stored = String(names[i]).trim();
      const expected = stored === 'Plain, with comma' ? stored : `'${stored}`;
      expect(row?.[1], names[i]).toBe(expected);
      expect(row?.[3]).toBe(`'=cmd|" /C calc"!A0`);
    }
    // No raw cell (after the CSV quoting is removed) starts with a formula character.
    for (const record of records) for (const cell of record) expect(cell, cell).not.toMatch(/^\s*[=+\-@\t\r]/);
  });

  it('keeps only the orders created within the Nairobi days asked for, both days included', async () => {
    const order = await world.order(seller, { itemName: 'Dated order' });
    const ids = async (query: string) => parseCsv((await download(query)).text.slice(1)).slice(1).map((r) => r[0]);
    expect(await ids(`?from=${nairobiToday()}&to=${nairobiToday()}`)).toContain(order.id);
    expect(await ids(`?from=${nairobiToday()}`)).toContain(order.id);
    expect(await ids(`?to=${nairobiToday()}`)).toContain(order.id);
    expect(await ids(`?from=${nairobiDay(1)}`)).toEqual([]);
    expect(await ids(`?to=${nairobiDay(-1)}`)).toEqual([]);
    const named = await download(`?from=2026-01-01&to=${nairobiDay(1)}`);
    expect(named.response.headers.get('content-disposition')).toBe(`attachment; filename="escrow-orders-2026-01-01-to-${nairobiDay(1)}.csv"`);
  });

  it('refuses dates that are not real YYYY-MM-DD days, and a start after the end, with 400 before sending anything', async () => {
    for (const query of ['?from=2026-02-30', '?from=30-11-2026', '?to=2026-13-01', '?from=yesterday', '?from=2026-11-01T00:00']) {
      const { response, text } = await download(query);
      expect(response.status, query).toBe(400);
      expect(JSON.parse(text).error.message, query).toBe('Dates must be real days written as YYYY-MM-DD, e.g. 2026-11-30');
    }
    const backwards = await download('?from=2026-11-30&to=2026-11-01');
    expect(backwards.response.status).toBe(400);
    expect(JSON.parse(backwards.text).error.message).toBe('The start date must not be after the end date');
  });

  it('streams a large export in many chunks, every order exactly once, oldest first', async () => {
    const db = world.composed.database.db;
    const template = await db.selectFrom('orders').selectAll().where('seller_id', '=', seller.sellerId).limit(1).executeTakeFirstOrThrow();
    const base = Date.parse('2025-06-01T00:00:00.000Z');
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      ...template,
      id: `bulk-${String(i).padStart(5, '0')}`,
      tracking_number: trackingFor(i),
      mpesa_receipt: null,
      payment_confirmed: dialect === 'sqlite' ? 0 : false,
      settlement_paid: dialect === 'sqlite' ? 0 : false,
      status: 'awaiting_payment' as const,
      // Groups of three share a timestamp: the id must break the tie without skipping or repeating.
      created_at: new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
    }));
    const unique = new Set(rows.map((r) => r.tracking_number));
    expect(unique.size).toBe(rows.length);
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('orders').values(rows.slice(i, i + 200)).execute();
    // Payouts on orders in every read batch (500 orders each, one payouts statement per batch): each lands on its own row.
    const paidOut = rows.filter((_, i) => i % 97 === 0);
    await db
      .insertInto('payouts')
      .values(
        paidOut.map((r, k) => ({
          id: `bulk-payout-${k}`,
          order_id: r.id,
          purpose: 'seller' as const,
          amount: r.seller_payout,
          state: k % 2 === 0 ? ('succeeded' as const) : ('failed' as const),
          attempt: 1,
          receipt: k % 2 === 0 ? `BULKRCPT${String(k).padStart(2, '0')}` : null,
          status_checks: 0,
          created_at: r.created_at,
          updated_at: r.created_at,
          version: 1,
        })),
      )
      .execute();
    const { text, chunks } = await download('?from=2025-06-01&to=2025-06-30');
    const records = parseCsv(text.slice(1)).slice(1);
    const ids = records.map((r) => r[0]);
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(records.map((r) => r.slice(12).join('|'))).toEqual(
      rows.map((r) => {
        const k = paidOut.indexOf(r);
        return k < 0 ? '|' : k % 2 === 0 ? `BULKRCPT${String(k).padStart(2, '0')}|Paid` : '|Failed';
      }),
    );
    expect(chunks).toBeGreaterThanOrEqual(6);
  });
});
