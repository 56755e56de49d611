import { z } from 'zod';
import { validationMessages } from './messages.js';

const m = validationMessages.exportRange;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled over to March). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const day = z
  .string({ error: m.dateInvalid })
  .trim()
  .refine(isCalendarDay, { error: m.dateInvalid })
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The admin CSV export's optional date range (Export Data; `escrow-admin export-csv`): days
 * in Africa/Nairobi, both included.
 */
export const exportRangeSchema = z
  .object({ from: day, to: day })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { error: m.fromAfterTo, path: ['to'] });

export type ExportRangeInput = z.input<typeof exportRangeSchema>;
export type ExportRangeOutput = z.output<typeof exportRangeSchema>;
