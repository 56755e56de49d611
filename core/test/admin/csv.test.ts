import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminOrderSearch, csvCell, csvRecord, kshDecimal, nairobiDateTime, nairobiDayRange, orderPayoutCells, ordersCsv, PAYOUT_STATES, payoutStateLabel, type Cents, type OrderExportRow } from '../../src/index.js';

/** RFC 4180 fields of one record (the test's own reader). */
function readRecord(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const body = text.slice(0, -2);
  const cells: string[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let cell = '';
      i += 1;
      for (;;) {
        if (body[i] === '"' && body[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (body[i] === '"') {
          i += 1;
          break;
        } else {
          if (i >= body.length) throw new Error('unterminated');
          cell += body[i];
          i += 1;
        }
      }
      cells.push(cell);
    } else {
      const end = body.indexOf(',', i);
      const stop = end === -1 ? body.length : end;
      const cell = body.slice(i, stop);
      expect(cell).not.toMatch(/["\r\n]/);
      cells.push(cell);
      i = stop;
    }
    if (body[i] === ',') i += 1;
    else break;
  }
  return cells;
}

describe('the CSV writer', () => {
  it('round-trips any text through RFC 4180, neutralising only what a spreadsheet would run', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), { minLength: 1, maxLength: 8 }), (cells) => {
        const read = readRecord(csvRecord(cells));
        expect(read).toHaveLength(cells.length);
        read.forEach((cell, i) => {
          const original = cells[i] ?? '';
          const dangerous = /^\s*[=+\-@\t\r]/.test(original);
          expect(cell).toBe(dangerous ? `'${original}` : original);
          expect(cell).not.toMatch(/^\s*[=+\-@\t\r]/);
        });
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+254 700', `"'+254 700"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['  =cmd', `"'  =cmd"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['plain', 'plain'],
    ['', ''],
  ])('writes %j as %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('streams the header then the records in chunks, starting with a byte order mark', async () => {
    const row = (i: number): OrderExportRow => ({
      id: `o${i}`,
      itemName: i === 1 ? '=evil()' : `Item ${i}`,
      sellerBusinessName: i === 2 ? null : 'Amani, Phones',
      buyerName: 'Achieng',
      price: 1_234_567 as Cents,
      status: 'paid',
      paymentMethod: 'mpesa_prepay',
      sellerPayout: 1_203_703 as Cents,
      riderPayout: 0 as Cents,
      serviceFee: 30_864 as Cents,
      createdAt: new Date('2026-11-21T22:30:00.000Z'),
      mpesaReceipt: i === 3 ? null : `QK1234567${i}`,
      settlementPaid: i === 4,
      settlementReference: i === 4 ? 'B2C-77' : null,
      payouts: i === 0 ? [{ purpose: 'seller', state: 'succeeded', receipt: 'UKSQW4QQE7' }] : [],
    });
    async function* rows() {
      for (let i = 0; i < 5; i += 1) yield row(i);
    }
    const chunks: string[] = [];
    for await (const chunk of ordersCsv(rows(), { recordsPerChunk: 2 })) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    const text = chunks.join('');
    // The spec's eleven columns first, unchanged; then the money-out columns.
    expect(text.startsWith('\uFEFFOrder ID,Item,Seller,Buyer,Price (KSh),Status,Payment Method,Seller Payout (KSh),Rider Payout (KSh),Service Fee (KSh),Created At (EAT),M-Pesa receipt,Payout reference,Payout state\r\n')).toBe(true);
    expect(text).toContain(`o0,Item 0,"Amani, Phones",Achieng,12345.67,paid,mpesa_prepay,12037.03,0.00,308.64,2026-11-22 01:30:00,QK12345670,UKSQW4QQE7,Paid\r\n`);
    expect(text).toContain(`,2026-11-22 01:30:00,,,\r\n`);
    expect(text).toContain(`,2026-11-22 01:30:00,QK12345674,B2C-77,Paid by hand\r\n`);
    expect(text).toContain(`o1,"'=evil()",`);
    expect(text).toContain('o2,Item 2,N/A,');
  });

  it('payout columns: the seller payout\'s receipt and state; "Paid by hand" for an order settled without payouts; empty otherwise', () => {
    const order = { settlementPaid: false, settlementReference: null, payouts: [] } as const;
    for (const state of PAYOUT_STATES) {
      expect(orderPayoutCells({ ...order, payouts: [{ purpose: 'rider', state: 'failed', receipt: null }, { purpose: 'seller', state, receipt: state === 'succeeded' ? 'UKSQW4QQE7' : null }] })).toEqual([state === 'succeeded' ? 'UKSQW4QQE7' : '', payoutStateLabel(state)]);
    }
    // Settled by payouts: the seller payout speaks, whatever the order's own reference says.
    expect(orderPayoutCells({ settlementPaid: true, settlementReference: 'UKSQW4QQE7', payouts: [{ purpose: 'seller', state: 'recorded', receipt: 'QK12AB34CD' }] })).toEqual(['QK12AB34CD', 'Paid by hand']);
    expect(orderPayoutCells({ settlementPaid: true, settlementReference: 'B2C-77', payouts: [] })).toEqual(['B2C-77', 'Paid by hand']);
    expect(orderPayoutCells({ settlementPaid: true, settlementReference: null, payouts: [] })).toEqual(['', 'Paid by hand']);
    expect(orderPayoutCells(order)).toEqual(['', '']);
    // Only a rider payout (no seller payout owed): nothing about the seller's payout to say.
    expect(orderPayoutCells({ settlementPaid: true, settlementReference: 'RDR4QQE7XY', payouts: [{ purpose: 'rider', state: 'succeeded', receipt: 'RDR4QQE7XY' }] })).toEqual(['', '']);
  });

  it('writes money as KSh with two decimals from integer cents, and times in Nairobi', () => {
    expect([0, 5, 100, 123_456_789].map((c) => kshDecimal(c as Cents))).toEqual(['0.00', '0.05', '1.00', '1234567.89']);
    expect(nairobiDateTime(new Date('2026-12-31T21:00:00.000Z'))).toBe('2027-01-01 00:00:00');
    expect(nairobiDayRange('2026-11-01', '2026-11-30')).toEqual({ from: new Date('2026-10-31T21:00:00.000Z'), until: new Date('2026-11-30T21:00:00.000Z') });
    expect(nairobiDayRange(undefined, undefined)).toEqual({});
  });
});

describe('the admin order search', () => {
  it('reads a tracking number, a phone in any accepted format and a business name from one box', () => {
    expect(adminOrderSearch(' abcd 23456 ')).toEqual({ trackingNumber: 'ABCD23456', buyerPhone: null, businessName: 'abcd 23456' });
    expect(adminOrderSearch('0712 345 678')).toEqual({ trackingNumber: null, buyerPhone: '+254712345678', businessName: '0712 345 678' });
    expect(adminOrderSearch('+254 112 345 678')?.buyerPhone).toBe('+254112345678');
    expect(adminOrderSearch('Amani Phones')).toEqual({ trackingNumber: null, buyerPhone: null, businessName: 'Amani Phones' });
    expect(adminOrderSearch('   ')).toBeUndefined();
    expect(adminOrderSearch(undefined)).toBeUndefined();
    expect(adminOrderSearch('x'.repeat(500))?.businessName).toHaveLength(100);
  });
});
