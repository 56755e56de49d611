import { formatKsh } from '../money/cents.js';
import { receiptEnding } from '../payments/payer-binding.js';
import type { SellerEmails } from './seller-emails.js';

/**
 * The seller's emails in Kenyan Swahili (issue 19), beside seller-emails.ts and typed to the
 * same shape: the same parameters, the words of docs/i18n-glossary.md.
 */
export const sellerEmailsSw: SellerEmails = {
  newOrder: (a) => ({
    subject: 'Oda mpya imeundwa',
    body: `Oda ${a.trackingNumber} ya ${a.itemName} inasubiri malipo ya mnunuzi.`,
  }),
  paymentConfirmed: (a) => ({
    subject: 'Malipo yamethibitishwa',
    body: `Malipo ya oda ${a.trackingNumber} (${a.itemName}) yamethibitishwa na M-Pesa na yamehifadhiwa kama amana. Teua msafirishaji ili kuendelea.`,
  }),
  paymentReported: (a) => ({
    subject: 'Mnunuzi anasema amelipa',
    body: `Mnunuzi anasema amelipia oda ${a.trackingNumber} (${a.itemName}), msimbo wa M-Pesa unaoishia ${receiptEnding(a.receipt)}. Tunayahakiki na M-Pesa: bado hayajahifadhiwa kama amana. Utaarifiwa M-Pesa ikiyathibitisha; usikabidhi bidhaa kabla ya hapo.`,
  }),
  delivered: (a) => ({
    subject: 'Oda imewasilishwa',
    body: `Oda ${a.trackingNumber} (${a.itemName}) imewasilishwa na kuthibitishwa kwa msimbo wa mnunuzi.`,
  }),
  codeLocked: (a) => ({
    subject: 'Msimbo wa uwasilishaji umefungwa',
    body: `Misimbo mingi mno ya uwasilishaji isiyo sahihi imewekwa kwa oda ${a.trackingNumber}. Uwekaji wa msimbo umefungwa hadi uufungue.`,
  }),
  refundRequested: (a) => ({
    subject: 'Ombi la kurejeshewa pesa',
    body: `Kuna ombi la kurejeshewa pesa za oda ${a.trackingNumber}: ${a.reason}`,
  }),
  refunded: (a) => ({
    subject: 'Pesa za oda zimerejeshwa',
    body: `Pesa za oda ${a.trackingNumber} zimerejeshwa kwa mnunuzi na oda imeghairiwa.`,
  }),
  paidOut: (a) => ({
    subject: 'Malipo yako yametumwa',
    body: `Malipo yako ya ${formatKsh(a.sellerPayout)} ya oda ${a.trackingNumber} (${a.itemName}) yametumwa.${a.reference ? ` Nambari ya muamala: ${a.reference}.` : ''}`,
  }),
  paidOutByMpesa: (a) => ({
    subject: 'Malipo yako yametumwa',
    body: `Malipo yako ya ${formatKsh(a.sellerPayout)} ya oda ${a.trackingNumber} (${a.itemName}) yametumwa kwako kwa M-Pesa.${a.receipt ? ` Nambari ya muamala ya M-Pesa: ${a.receipt}.` : ''}`,
  }),
};
