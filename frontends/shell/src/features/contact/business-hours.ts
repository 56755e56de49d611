/** Opening hours (spec section 9), East Africa Time. */
export const BUSINESS_HOURS: readonly { readonly days: string; readonly hours: string }[] = [
  { days: 'Monday to Friday', hours: '9:00 to 18:00' },
  { days: 'Saturday', hours: '10:00 to 16:00' },
  { days: 'Sunday', hours: 'Closed' },
];
