import type { validationMessages } from './messages.js';

/**
 * `Translation<T>` of `../i18n/translation.ts`, spelled again: the browser entry
 * `@escrow/core/validation` imports only zod, its own folder and the rules
 * (test/validation/entry-boundary.test.ts), so not even a type from `../i18n/`. The catalogue's
 * `validation: validationMessagesSw` and a type test (test/validation/messages-sw.test.ts) keep
 * the two the same.
 */
type TranslationOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]> };

/**
 * The form rule texts in Kenyan Swahili (issue 19), key for key with `validationMessages`:
 * TypeScript refuses a missing or extra text. Numbers, examples (0712345678, NLJ7RT61SV,
 * 2026-11-30) and brand words (M-Pesa, Paybill, Till, WhatsApp, SMS, KSh) stay as they are;
 * the words follow docs/i18n-glossary.md.
 */
export const validationMessagesSw: TranslationOf<typeof validationMessages> = {
  common: {
    invalidInput: 'Tafadhali kagua fomu kisha ujaribu tena.',
  },
  locale: {
    invalid: 'Tafadhali chagua Kiingereza au Kiswahili',
  },
  phone: {
    invalid: 'Weka nambari ya simu ya Kenya kama 0712345678',
  },
  email: {
    required: 'Barua pepe inahitajika',
    invalid: 'Anwani ya barua pepe si sahihi',
    tooLong: 'Barua pepe isizidi herufi 255',
  },
  password: {
    tooShort: 'Nenosiri lazima liwe na angalau herufi 6',
    missingUppercase: 'Nenosiri lazima liwe na angalau herufi kubwa moja',
    missingNumber: 'Nenosiri lazima liwe na angalau tarakimu moja',
    missingSpecialCharacter: 'Nenosiri lazima liwe na angalau alama maalum moja',
    tooLong: 'Nenosiri lisizidi herufi 128',
    mismatch: 'Manenosiri hayalingani',
    changeMismatch: 'Manenosiri mapya hayalingani',
    changeFieldsRequired: 'Tafadhali jaza sehemu zote za nenosiri',
    invalidCharacter: 'Nenosiri lina herufi isiyoruhusiwa',
  },
  resetCode: {
    invalid: 'Weka msimbo wa tarakimu 6',
  },
  contact: {
    nameRequired: 'Jina linahitajika',
    nameTooLong: 'Jina lisizidi herufi 100',
    phoneTooLong: 'Nambari ya simu isizidi herufi 20',
    messageRequired: 'Ujumbe unahitajika',
    messageTooLong: 'Ujumbe usizidi herufi 1000',
    nameInvalid: 'Jina lina herufi isiyoruhusiwa',
    phoneInvalid: 'Nambari ya simu ina herufi isiyoruhusiwa',
    messageInvalid: 'Ujumbe una herufi isiyoruhusiwa',
  },
  seller: {
    businessNameRequired: 'Jina la biashara linahitajika',
    businessNameTooLong: 'Jina la biashara lisizidi herufi 100',
    locationRequired: 'Eneo linahitajika',
    locationTooLong: 'Eneo lisizidi herufi 100',
    paymentMethodRequired: 'Tafadhali chagua njia ya malipo',
    paymentNumberRequired: 'Nambari ya malipo inahitajika',
    mpesaPhoneInvalid: 'Weka nambari ya simu ya M-Pesa, k.m. 0712345678',
    paybillInvalid: 'Weka nambari ya Paybill yenye tarakimu 5 hadi 7',
    tillNumberInvalid: 'Weka nambari ya Till yenye tarakimu 5 hadi 7',
    whatsappInvalid: 'Weka nambari ya WhatsApp ya Kenya kama 0712345678',
    businessProfileTooLong: 'Wasifu wa biashara usizidi herufi 500',
    aboutTooLong: 'Sehemu ya Kuhusu isizidi herufi 1000',
    termsRequired: 'Tafadhali kubali sheria na masharti ili kuendelea',
    paymentFieldsRequired: 'Tafadhali jaza sehemu zote za malipo',
    businessNameInvalid: 'Jina la biashara lina herufi isiyoruhusiwa',
    locationInvalid: 'Eneo lina herufi isiyoruhusiwa',
    businessProfileInvalid: 'Wasifu wa biashara una herufi isiyoruhusiwa',
    aboutInvalid: 'Sehemu ya Kuhusu ina herufi isiyoruhusiwa',
    notifyChoiceInvalid: 'Chagua SMS, barua pepe au zote mbili',
    notifyChoiceRequired: 'Chagua angalau njia moja ya kupokea arifa za oda zako',
    notifyEmailMissing: 'Akaunti yako haina anwani ya barua pepe, kwa hivyo chagua SMS ili upokee arifa za oda zako',
    payoutMethodRequired: 'Chagua jinsi unavyotaka kulipwa: simu ya M-Pesa, Paybill au Till',
    accountReferenceRequired: 'Weka nambari ya akaunti ya kulipia kwenye Paybill hii',
    accountReferenceInvalid: 'Nambari ya akaunti inaweza kuwa na herufi, tarakimu, nafasi, vistari, nukta au mikwaju zisizozidi 13',
    payoutPasswordRequired: 'Weka nenosiri lako ili ubadilishe mahali unapolipwa',
  },
  rider: {
    fieldsRequired: 'Tafadhali jaza sehemu zote',
    nameTooLong: 'Jina la msafirishaji lisizidi herufi 100',
    plateTooLong: 'Nambari ya usajili wa pikipiki isizidi herufi 20',
    nameInvalid: 'Jina la msafirishaji lina herufi isiyoruhusiwa',
    plateInvalid: 'Nambari ya usajili wa pikipiki ina herufi isiyoruhusiwa',
    phoneRequired: 'Tafadhali weka nambari yako ya simu',
    phoneCodeInvalid: 'Weka msimbo wa tarakimu 6 kutoka kwenye SMS',
    selectOrAdd: 'Tafadhali chagua au ongeza msafirishaji',
    pickupPhotoRequired: 'Tafadhali pakia picha ya kuchukua bidhaa',
  },
  order: {
    itemNameRequired: 'Jina la bidhaa linahitajika',
    itemNameTooLong: 'Jina la bidhaa lisizidi herufi 200',
    priceRequired: 'Bei inahitajika',
    priceInvalid: 'Weka bei kwa KSh, kuanzia 0 hadi 10,000,000, yenye desimali zisizozidi 2',
    buyerNameRequired: 'Jina la mnunuzi linahitajika',
    buyerNameTooLong: 'Jina la mnunuzi lisizidi herufi 100',
    buyerPhoneRequired: 'Nambari ya simu ya mnunuzi inahitajika',
    buyerAddressRequired: 'Anwani ya uwasilishaji inahitajika',
    buyerAddressTooLong: 'Anwani ya uwasilishaji isizidi herufi 500',
    pinLocationInvalid: 'Eneo kwenye ramani lazima liwe kiungo kinachoanza na http:// au https://',
    pinLocationTooLong: 'Kiungo cha eneo kwenye ramani kisizidi herufi 2000',
    landmarkTooLong: 'Alama ya karibu isizidi herufi 200',
    houseNumberTooLong: 'Nambari ya nyumba isizidi herufi 200',
    estateTooLong: 'Mtaa usizidi herufi 200',
    pickupLocationTooLong: 'Mahali pa kuchukua bidhaa pasizidi herufi 200',
    deliveryCostRequired: 'Gharama ya usafirishaji inahitajika',
    deliveryCostInvalid: 'Weka gharama ya usafirishaji kwa KSh, kuanzia 0 hadi 10,000,000, yenye desimali zisizozidi 2',
    paymentMethodInvalid: 'Tafadhali chagua njia ya malipo',
    cashAmountRequired: 'Weka kiasi cha pesa taslimu ambacho msafirishaji atapokea kutoka kwa mnunuzi',
    cashAmountInvalid: 'Weka kiasi cha pesa taslimu kwa KSh, kuanzia 0 hadi 10,000,000, chenye desimali zisizozidi 2',
    deliveryPaidByInvalid: 'Tafadhali chagua atakayelipia usafirishaji',
    buyerLocaleInvalid: 'Tafadhali chagua lugha ya mnunuzi: Kiingereza au Kiswahili',
    itemNameInvalid: 'Jina la bidhaa lina herufi isiyoruhusiwa',
    buyerNameInvalid: 'Jina la mnunuzi lina herufi isiyoruhusiwa',
    buyerAddressInvalid: 'Anwani ya uwasilishaji ina herufi isiyoruhusiwa',
    landmarkInvalid: 'Alama ya karibu ina herufi isiyoruhusiwa',
    houseNumberInvalid: 'Nambari ya nyumba ina herufi isiyoruhusiwa',
    estateInvalid: 'Mtaa una herufi isiyoruhusiwa',
    pickupLocationInvalid: 'Mahali pa kuchukua bidhaa pana herufi isiyoruhusiwa',
  },
  deliveryCode: {
    entryInvalid: 'Weka msimbo wa uwasilishaji wa tarakimu 6',
    mismatch: 'Msimbo wa uwasilishaji si sahihi',
  },
  buyer: {
    termsRequired: 'Tafadhali kubali sheria na masharti ili uendelee',
    deliveryCodeMissing: 'Msimbo wa uwasilishaji haujapatikana. Tafadhali tumia kiungo ulichotumiwa mwanzo.',
    mpesaReceiptInvalid: 'Weka msimbo wa uthibitisho wa M-Pesa wenye herufi 10, k.m. NLJ7RT61SV',
  },
  feedback: {
    ratingsRequired: 'Tafadhali mkadirie msafirishaji na muuzaji',
    ratingInvalid: 'Ukadiriaji ni nyota nzima kuanzia 1 hadi 5',
    commentTooLong: 'Maoni yasizidi herufi 1000',
    commentInvalid: 'Maoni yana herufi isiyoruhusiwa',
  },
  paymentConfig: {
    fieldsRequired: 'Tafadhali jaza maelezo yote ya malipo',
    businessNumberInvalid: 'Nambari ya biashara lazima iwe na tarakimu 5 hadi 7',
    accountNumberTooLong: 'Nambari ya akaunti isizidi herufi 20',
    accountNumberInvalid: 'Nambari ya akaunti inaweza kuwa na herufi, tarakimu, nafasi na vistari pekee',
    accountNameTooLong: 'Jina la akaunti lisizidi herufi 100',
    accountNameInvalid: 'Jina la akaunti lazima liwe kwenye mstari mmoja',
  },
  exportRange: {
    dateInvalid: 'Tarehe lazima ziwe siku halisi zilizoandikwa kama YYYY-MM-DD, k.m. 2026-11-30',
    fromAfterTo: 'Tarehe ya kuanza isiwe baada ya tarehe ya mwisho',
  },
  refund: {
    reasonRequired: 'Tafadhali tuambie kwa nini unataka kurejeshewa pesa',
    reasonTooShort: 'Sababu lazima iwe na angalau herufi 5',
    reasonTooLong: 'Sababu isizidi herufi 1000',
    reasonInvalid: 'Sababu ina herufi isiyoruhusiwa',
  },
  riderPayment: {
    receivedRequired: 'Tafadhali sema kama ulipokea malipo',
    issueRequired: 'Tafadhali eleza tatizo la malipo',
    issueTooLong: 'Maelezo ya tatizo yasizidi herufi 1000',
    issueInvalid: 'Maelezo ya tatizo yana herufi isiyoruhusiwa',
  },
};
