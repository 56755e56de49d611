import type { PageRequest } from '../ports/escrow-queries.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Deep offsets are refused rather than scanned: nobody pages 1,000 screens down a dashboard. */
export const MAX_PAGE = 1_000;

/** Page number (from 1) and size as a caller asked, clamped to what a screen may ask for. */
export function pageRequest(page: unknown, pageSize: unknown): PageRequest & { page: number; pageSize: number } {
  const wholeIn = (value: unknown, min: number, max: number, fallback: number): number =>
    typeof value === 'number' && Number.isSafeInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
  const size = wholeIn(pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const number = wholeIn(page, 1, MAX_PAGE, 1);
  return { page: number, pageSize: size, limit: size, offset: (number - 1) * size };
}
