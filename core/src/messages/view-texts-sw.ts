import type { Translation } from '../i18n/translation.js';
import type { OrderStatus } from '../orders/order-status.js';
import type { PROGRESS_STEPS } from '../orders/progress.js';
import type { viewTexts } from './view-texts.js';

/**
 * `viewTexts` in Kenyan Swahili (issue 19): the same keys and the same `{placeholders}`, so
 * TypeScript refuses a missing or extra text (a test checks the placeholders). Words as in
 * docs/i18n-glossary.md.
 */
export const viewTextsSw: Translation<typeof viewTexts> = {
  payment: {
    detailsNotConfigured: 'Maelezo ya malipo bado hayajawekwa. Tafadhali usilipe hadi muuzaji au huduma kwa wateja wathibitishe nambari ya Paybill.',
  },
  refund: {
    refundedByHand: 'Malipo yako ya {amount} yamerejeshwa.',
    sent: 'Pesa zako {amount} zimerejeshwa kwenye M-Pesa yako.',
    sentToPhone: 'Pesa zako {amount} zimerejeshwa kwenye M-Pesa yako ({phone}).',
    sentWithReceipt: 'Pesa zako {amount} zimerejeshwa kwenye M-Pesa yako. Msimbo wa uthibitisho wa M-Pesa: {receipt}.',
    sentToPhoneWithReceipt: 'Pesa zako {amount} zimerejeshwa kwenye M-Pesa yako ({phone}). Msimbo wa uthibitisho wa M-Pesa: {receipt}.',
    delayed: 'Kurejeshewa pesa zako {amount} kumechelewa. Tunashughulikia tatizo na tutakutumia SMS zikishatumwa.',
    onItsWay: 'Pesa zako {amount} zinarejeshwa kwenye M-Pesa yako.',
    onItsWayToPhone: 'Pesa zako {amount} zinarejeshwa kwenye M-Pesa yako ({phone}).',
  },
  payout: {
    paid: 'Yamelipwa kwenye M-Pesa yako.',
    paidWithReceipt: 'Yamelipwa kwenye M-Pesa yako: msimbo wa uthibitisho {receipt}.',
    delayed: 'Malipo yako yamechelewa. Tunashughulikia tatizo na M-Pesa na tutakujulisha yakishatumwa.',
    awaitingApproval: 'Malipo yako yanasubiri kuidhinishwa.',
    onItsWay: 'Malipo yako yako njiani kwenda M-Pesa yako.',
    waitsForPaybillAccount: 'Malipo yako yanasubiri nambari ya akaunti ya Paybill yako: iongeze chini ya Maelezo ya kupokea malipo kwenye wasifu wako.',
    heldForNewDetails: 'Malipo yako yamezuiliwa hadi {until} (saa za Nairobi): maelezo yako ya kupokea malipo yalibadilishwa chini ya saa 24 zilizopita.',
  },
  mpesaPrompt: {
    paid: 'Malipo yamepokelewa. Pesa zako zimehifadhiwa salama kama amana hadi upokee bidhaa yako.',
    cancelled: 'Umeghairi ombi la M-Pesa kwenye simu yako. Hakuna pesa zilizotolewa. Unaweza kujaribu tena.',
    insufficientFunds: 'Salio lako la M-Pesa halitoshi kwa malipo haya. Hakuna pesa zilizotolewa. Ongeza salio, kisha ujaribu tena.',
    wrongPin: 'PIN ya M-Pesa iliyowekwa si sahihi. Hakuna pesa zilizotolewa. Unaweza kujaribu tena.',
    expired: 'Muda wa ombi la M-Pesa uliisha kabla ya kujibiwa. Hakuna pesa zilizotolewa. Unaweza kujaribu tena.',
    unreachable: 'Hatukuweza kufikia simu yako. Hakikisha imewashwa na ina mtandao, kisha ujaribu tena.',
    limit: 'M-Pesa imekataa malipo haya kwa sababu ya kikomo cha miamala kwenye akaunti yako. Hakuna pesa zilizotolewa.',
    duplicate: 'M-Pesa imekataa malipo ya pili ya kiasi hicho hicho ndani ya dakika mbili. Subiri dakika mbili, kisha ujaribu tena.',
    notPermitted: 'M-Pesa haikuruhusu malipo haya kutoka kwenye akaunti yako. Hakuna pesa zilizotolewa.',
    failed: 'M-Pesa imeshindwa kukamilisha malipo. Hakuna pesa zilizotolewa. Unaweza kujaribu tena.',
    checkYourPhone: 'Angalia simu yako: weka PIN yako ya M-Pesa ili kulipa.',
    stillChecking: 'Tunathibitisha malipo yako na M-Pesa. Ukurasa huu utajisasisha wenyewe.',
    sendFailed: 'Hatukuweza kutuma ombi la M-Pesa kwa sasa. Tafadhali jaribu tena baada ya dakika moja.',
    phoneBusy: 'Simu yako tayari ina ombi la M-Pesa linalosubiri. Lijibu au ulighairi, kisha ujaribu tena.',
  },
  answers: {
    codeSent: 'Msimbo umetumwa kwa {phone}.',
    refundRequested: 'Ombi lako la kurejeshewa pesa limetumwa. Msimamizi atalikagua na kuwasiliana nawe.',
    buyerRejected: 'Imerekodiwa kwamba mnunuzi ameikataa bidhaa. Msimamizi atakagua kurejeshewa pesa.',
    orderCancelled: 'Oda imeghairiwa',
    riderAssigned: 'Msafirishaji ameteuliwa. Mtumie msafirishaji wako kiungo chake.',
    codeUnlocked: 'Uwekaji wa msimbo wa uwasilishaji umefunguliwa',
  },
  adminAnswers: {
    payoutApproved: 'Malipo ya kutumwa yameidhinishwa. Yanaenda M-Pesa wakati wake ukifika; oda inalipwa M-Pesa ikithibitisha.',
    refundRecorded: 'Kurejesha pesa kumerekodiwa. Oda imeghairiwa.',
    refundRejected: 'Ombi la kurejeshewa pesa limekataliwa',
    refundByMpesa: 'Kurejesha pesa kumeidhinishwa. M-Pesa inazituma kwenye simu iliyolipa; oda imeghairiwa.',
    paymentAttached: 'Malipo yameunganishwa. Oda imelipwa.',
    paymentRefunded: 'Kurejesha pesa za malipo haya kumerekodiwa.',
    payoutRetried: 'Malipo ya kutumwa yamewekwa tena kwenye foleni. M-Pesa itaombwa kuyalipa kwa ombi jipya.',
    payoutRecorded: 'Nambari ya muamala ya M-Pesa imerekodiwa. Malipo yamewekwa alama kuwa yamelipwa kwa mkono.',
  },
  refusals: {
    notAnImage: 'Tafadhali pakia faili ya picha (JPEG, PNG, WebP au GIF)',
    photoEmpty: 'Picha haina kitu',
    photoTooLarge: 'Picha isizidi MB 10',
    photosTooLarge: 'Kila picha isizidi MB 10',
    uploadUnreadable: 'Faili iliyopakiwa haikuweza kusomwa. Tafadhali jaribu tena.',
    formUnreadable: 'Fomu haikuweza kusomwa. Tafadhali jaribu tena.',
    requestTooSlow: 'Ombi lilichukua muda mrefu mno kufika. Tafadhali jaribu tena.',
    requestTooLarge: 'Ombi ni kubwa mno',
    choosePaymentMethod: 'Chagua njia ya malipo',
    chooseWhoPaysDelivery: 'Chagua nani analipa gharama ya usafirishaji',
    pinLocationUrl: 'Eneo kwenye ramani liwe kiungo sahihi',
    sayWhetherPaid: 'Sema kama malipo yamepokelewa',
    paymentIssueTooLong: 'Maelezo yasizidi herufi 1000',
    cancelReasonTooLong: 'Sababu isizidi herufi 500',
    noPayerPhone: 'Hatuna nambari ya simu iliyolipa. Andika msimbo wa uthibitisho wa M-Pesa kutoka kwenye SMS ya malipo yako kwenye ukurasa huu ili uone msimbo.',
    notFound: 'Haijapatikana',
  },
};

/** How the buyer reads each status, in Swahili (orders/progress.ts BUYER_STATUS_LABELS): the API's `statusLabel` and the pages' status texts. */
export const BUYER_STATUS_LABELS_SW: Readonly<Record<OrderStatus, string>> = {
  draft: 'Inasubiri Malipo',
  awaiting_payment: 'Inasubiri Malipo',
  paid: 'Malipo Yamethibitishwa - Tunateua Msafirishaji',
  rider_assigned: 'Msafirishaji Anajiandaa Kuchukua Bidhaa',
  picked_up: 'Oda Yako Iko Njiani!',
  in_transit: 'Oda Yako Iko Njiani!',
  delivered: 'Imewasilishwa Salama! Tafadhali Kadiria Huduma',
  awaiting_settlement: 'Imewasilishwa Salama! Tafadhali Kadiria Huduma',
  settlement_completed: 'Oda Imekamilika',
  completed: 'Oda Imewasilishwa Salama',
  cancelled: 'Oda Imeghairiwa',
};

/** The four progress steps (Payment, Rider Assigned, On Route, Delivered), short: the four share a phone's width. */
export const PROGRESS_STEPS_SW: Translation<typeof PROGRESS_STEPS> = ['Malipo', 'Msafirishaji', 'Njiani', 'Imefika'];
