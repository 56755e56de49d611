import { describe, expect, it } from 'vitest';
import { exportRangeSchema, isCalendarDay, parseOrFirstError } from '../../src/validation/index.js';

describe('exportRangeSchema', () => {
  it('takes two optional real days, empty meaning no limit', () => {
    expect(parseOrFirstError(exportRangeSchema, {})).toEqual({ ok: true, value: { from: undefined, to: undefined } });
    expect(parseOrFirstError(exportRangeSchema, { from: ' ', to: '' })).toEqual({ ok: true, value: { from: undefined, to: undefined } });
    expect(parseOrFirstError(exportRangeSchema, { from: ' 2026-11-01 ', to: '2026-11-30' })).toEqual({ ok: true, value: { from: '2026-11-01', to: '2026-11-30' } });
    expect(parseOrFirstError(exportRangeSchema, { from: '2026-11-30', to: '2026-11-30' })).toMatchObject({ ok: true });
  });

  it.each([{ from: '2026-02-29' }, { to: '2026-13-01' }, { from: '30/11/2026' }, { from: 20261101 }, { to: {} }, { from: null }, { from: '2026-11-01T00:00' }])('refuses %j', (range) => {
    expect(parseOrFirstError(exportRangeSchema, range)).toEqual({ ok: false, message: 'Dates must be real days written as YYYY-MM-DD, e.g. 2026-11-30' });
  });

  it('refuses a start after the end', () => {
    expect(parseOrFirstError(exportRangeSchema, { from: '2026-12-01', to: '2026-11-30' })).toEqual({ ok: false, message: 'The start date must not be after the end date' });
  });

  it('knows leap days', () => {
    expect([isCalendarDay('2028-02-29'), isCalendarDay('2026-02-29'), isCalendarDay('2026-04-31')]).toEqual([true, false, false]);
  });
});
