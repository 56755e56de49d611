import type { PagesMessageId } from '../../i18n/pages-en.ts';

/** Opening hours (spec section 9), East Africa Time: the days as message ids, the hours open (null: closed). */
export const BUSINESS_HOURS: readonly { readonly days: PagesMessageId; readonly hours: { readonly from: string; readonly to: string } | null }[] = [
  { days: 'pages.contact.weekdays', hours: { from: '9:00', to: '18:00' } },
  { days: 'pages.contact.saturday', hours: { from: '10:00', to: '16:00' } },
  { days: 'pages.contact.sunday', hours: null },
];
