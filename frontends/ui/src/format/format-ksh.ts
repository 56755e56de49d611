// Shillings are grouped by Intl on a BigInt so no float ever touches the amount; the
// cents are split off with integer string work. The currency label is written by hand
// because Intl renders KES as 'Ksh' and the product shows 'KSh'.
const groupShillings = new Intl.NumberFormat('en-KE', { useGrouping: true, maximumFractionDigits: 0 });

/** Formats integer cents as the product shows money: `formatKsh(1234500)` -> 'KSh 12,345.00'. */
export function formatKsh(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`formatKsh expects integer cents, got ${String(cents)}`);
  }
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const shillings = BigInt(digits.slice(0, -2));
  const sign = cents < 0 ? '-' : '';
  return `${sign}KSh ${groupShillings.format(shillings)}.${digits.slice(-2)}`;
}
