/** No 0/O, 1/I/L: read aloud over the phone and typed into M-Pesa without mistakes. */
export const TRACKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** M-Pesa's AccountReference allows 12 characters; 10 gives 31^10 (8e14) numbers. */
export const TRACKING_NUMBER_LENGTH = 10;
/** The longest tracking number accepted (M-Pesa's AccountReference limit), for numbers made before the length was fixed. */
export const TRACKING_NUMBER_MAX_LENGTH = 12;

export function isTrackingNumber(value: string): boolean {
  return value.length > 0 && value.length <= TRACKING_NUMBER_MAX_LENGTH && [...value].every((ch) => TRACKING_ALPHABET.includes(ch));
}
