import { nairobiDateTime } from '../export/orders-csv.js';
import type { AdminEmails } from './admin-emails.js';

/** The admins' emails in Kenyan Swahili (issue 19), typed to admin-emails.ts. */
export const adminEmailsSw: AdminEmails = {
  paybillChanged: (a) => {
    const was = a.before ? `${a.before.businessNumber}, akaunti ${a.before.accountNumber}, ${a.before.accountName}` : 'haikuwekwa';
    return {
      subject: 'Maelezo ya Paybill yamebadilishwa',
      body: [
        `Paybill wanayoonyeshwa wanunuzi ilibadilishwa na ${a.by ?? 'msimamizi'} ${nairobiDateTime(a.at)} (saa za Nairobi).`,
        '',
        `Sasa: nambari ya biashara ${a.after.businessNumber}, akaunti ${a.after.accountNumber}, ${a.after.accountName}`,
        `Awali: ${was}`,
        '',
        'Wanunuzi sasa wanalipa kwa nambari mpya. Kama hukutarajia mabadiliko haya, angalia dashibodi ya msimamizi mara moja.',
      ].join('\n'),
    };
  },
};
