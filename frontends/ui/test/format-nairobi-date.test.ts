import { describe, expect, it } from 'vitest';
import { formatNairobiDate, formatNairobiDateTime } from '../src/format/format-nairobi-date.ts';

describe('Nairobi date formatting', () => {
  it('shows a UTC instant in Nairobi time (UTC+3), crossing midnight', () => {
    expect(formatNairobiDateTime('2025-11-21T21:30:00Z')).toBe('22 Nov 2025, 00:30');
    expect(formatNairobiDate(new Date('2025-11-21T21:30:00Z'))).toBe('22 Nov 2025');
  });

  it('refuses an invalid date instead of printing "Invalid Date"', () => {
    expect(() => formatNairobiDateTime('not a date')).toThrow(RangeError);
  });
});
