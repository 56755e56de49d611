/** Input from outside, read defensively: anything that is not a string counts as empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const optionalText = (value: unknown): string | null => text(value) || null;
