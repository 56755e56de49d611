import { nairobiDateTime } from '../export/orders-csv.js';
import { SERVICE_NAME } from '../messages/sms-text.js';
import type { Notification } from '../ports/notifier.js';
import { maskAccountReference, maskPayoutPhone, type PayoutDetailsChoice } from '../validation/seller-payout-details.js';
import type { AccountEmails } from './account-emails.js';
import { RESET_CODE_TTL_MS } from './reset-code-policy.js';

/*
 * The account emails in Kenyan Swahili (issue 19), beside account-emails.ts and
 * payout-details-email.ts, typed to the same shape (`AccountEmails`): the same parameters, the
 * same flags (a reset code is sensitive), the words of docs/i18n-glossary.md.
 */

const PRODUCT = SERVICE_NAME;
const nairobi = (at: Date): string => `${nairobiDateTime(at).slice(0, 16)} (saa za Nairobi)`;

/** `describePayoutDetails` in Swahili, masked the same way. */
export function describePayoutDetailsSw(details: PayoutDetailsChoice): string {
  switch (details.method) {
    case 'mpesa_phone':
      return `simu ya M-Pesa ${maskPayoutPhone(details.phone ?? '')}`;
    case 'paybill':
      return details.accountReference
        ? `Paybill ${details.paybillNumber ?? ''}, akaunti ${maskAccountReference(details.accountReference)}`
        : `Paybill ${details.paybillNumber ?? ''} (nambari ya akaunti haipo)`;
    case 'till':
      return `nambari ya Till ${details.tillNumber ?? ''}`;
  }
}

export const accountEmailsSw: AccountEmails = {
  resetCode(to, code) {
    const minutes = RESET_CODE_TTL_MS / 60_000;
    return {
      channel: 'email',
      to,
      subject: `Msimbo wako wa kuweka upya nenosiri la ${PRODUCT}: ${code}`,
      sensitive: true,
      body: [
        `Msimbo wako wa kuweka upya nenosiri ni: ${code}`,
        '',
        `Uweke kwenye ukurasa wa kuweka upya ndani ya dakika ${minutes}. Unatumika mara moja tu.`,
        '',
        'Kama hukuomba kuweka upya nenosiri lako, puuza barua pepe hii: nenosiri lako litabaki vilevile.',
        `Usimpe mtu yeyote msimbo huu. Wafanyakazi wa ${PRODUCT} hawatakuomba kamwe.`,
      ].join('\n'),
    };
  },
  welcome(to) {
    return {
      channel: 'email',
      to,
      subject: `Karibu ${PRODUCT}`,
      body: [
        `Akaunti yako ya ${PRODUCT} ya ${to} imefunguliwa.`,
        '',
        'Sasa kamilisha wasifu wako wa muuzaji ili uweze kuunda oda za amana na kulipwa kwa M-Pesa.',
        '',
        'Kama hukufungua akaunti hii, jibu barua pepe hii nasi tutaifunga.',
      ].join('\n'),
    };
  },
  passwordChanged(to) {
    return {
      channel: 'email',
      to,
      subject: `Nenosiri lako la ${PRODUCT} limebadilishwa`,
      body: [
        `Nenosiri la akaunti yako ya ${PRODUCT} (${to}) limebadilishwa sasa hivi, na umetolewa kwenye akaunti katika kila kifaa.`,
        '',
        'Kama ni wewe, hakuna zaidi la kufanya.',
        'Kama si wewe, weka upya nenosiri lako mara moja kwa "Umesahau nenosiri?" kwenye ukurasa wa kuingia, kisha wasiliana nasi.',
      ].join('\n'),
    };
  },
  googleLinked(to, passwordRemoved) {
    return {
      channel: 'email',
      to,
      subject: `Kuingia kwa Google kumeongezwa kwenye akaunti yako ya ${PRODUCT}`,
      body: [
        `Umeingia kwenye akaunti yako ya ${PRODUCT} (${to}) kwa Google kwa mara ya kwanza sasa hivi. Kuanzia sasa "Endelea na Google" kitakuingiza.`,
        '',
        ...(passwordRemoved
          ? [
              'Kwa kuwa anwani hii haikuwahi kuthibitishwa nasi, nenosiri ambalo akaunti ilifunguliwa nalo limeondolewa na umetolewa kwenye akaunti katika kila kifaa:',
              'aliyefungua akaunti kwa anwani yako hawezi kuitumia tena.',
              'Ili kuingia kwa nenosiri tena, weka jipya kwa "Umesahau nenosiri?" kwenye ukurasa wa kuingia.',
              '',
            ]
          : []),
        'Kama si wewe, weka upya nenosiri lako mara moja kwa "Umesahau nenosiri?" kwenye ukurasa wa kuingia, kisha wasiliana nasi.',
      ].join('\n'),
    };
  },
  payoutDetailsChanged(args): Notification {
    return {
      channel: 'email',
      to: args.to,
      subject: `Maelezo yako ya kupokea malipo ya ${PRODUCT} yamebadilishwa`,
      body: [
        `Maelezo ya kupokea malipo ya akaunti yako ya muuzaji ya ${PRODUCT} (${args.to}) yalibadilishwa ${nairobi(args.changedAt)}.`,
        '',
        `Malipo yako sasa yanakwenda: ${describePayoutDetailsSw(args.details)}.`,
        '',
        `Kwa usalama wako, malipo kwa maelezo haya mapya yanaanza baada ya saa 24, kuanzia ${nairobi(args.heldUntil)}. Malipo ya kabla ya hapo yanasubiri; hakuna yanayokwenda kwa maelezo ya zamani.`,
        '',
        'Kama ni wewe, hakuna zaidi la kufanya.',
        'Kama si wewe, huenda mtu anajua nenosiri lako: liweke upya mara moja kwa "Umesahau nenosiri?" kwenye ukurasa wa kuingia, rudisha maelezo yako ya kupokea malipo kwenye wasifu wako wa muuzaji, na ujibu barua pepe hii ili tusimamishe malipo.',
      ].join('\n'),
    };
  },
};
