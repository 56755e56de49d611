import type { Translation } from '../i18n/translation.js';
import { validationMessagesSw } from '../validation/messages-sw.js';
import type { catalogue } from './catalogue.js';

// The statuses' and steps' Swahili ride in this entry (@escrow/core/messages-sw) to the pages' Swahili chunk.
export { BUYER_STATUS_LABELS_SW, PROGRESS_STEPS_SW } from './view-texts-sw.js';

const v = validationMessagesSw;

/**
 * The catalogue in Kenyan Swahili (issue 19): the same groups and keys as `catalogue`, so
 * TypeScript refuses a missing or extra text. The register is that of M-Pesa and bank apps:
 * short, polite, to "wewe"; brand and technical words as Kenyans say them (M-Pesa, KSh,
 * Paybill, Till, SMS, Google). The words are the ones in docs/i18n-glossary.md: keep to them.
 * Where the English takes a text from `validationMessages`, this takes the same text from
 * `validationMessagesSw`, so a form and a toast say the same in Swahili too.
 */
export const catalogueSw: Translation<typeof catalogue> = {
  auth: {
    authenticationFailed: 'Imeshindwa kuthibitisha akaunti yako',
    databaseError: 'Hitilafu ya hifadhidata. Tafadhali jaribu tena.',
    invalidCode: 'Msimbo si sahihi. Tafadhali angalia kisha ujaribu tena.',
    codeExpired: 'Muda wa msimbo umeisha. Tafadhali omba msimbo mpya.',
    verificationFailed: 'Uthibitishaji umeshindwa',
    invalidOrExpiredCode: 'Msimbo si sahihi au muda wake umeisha',
    resetPasswordFailed: 'Imeshindwa kuweka upya nenosiri',
    passwordsDoNotMatch: v.password.mismatch,
    resetCodeSent: 'Msimbo wa kuweka upya nenosiri umetumwa! Angalia barua pepe yako.',
    signedIn: 'Umeingia kikamilifu!',
    accountCreated: 'Akaunti imefunguliwa! Angalia barua pepe yako ili uthibitishe akaunti yako.',
    codeVerified: 'Msimbo umethibitishwa! Weka nenosiri lako jipya.',
    passwordReset: 'Nenosiri limewekwa upya! Sasa unaweza kuingia kwa nenosiri lako jipya.',
  },
  seller: {
    termsNotAccepted: v.seller.termsRequired,
    createProfileFailed: 'Imeshindwa kuunda wasifu',
    fillInAllFields: v.rider.fieldsRequired,
    addRiderFailed: 'Imeshindwa kuongeza msafirishaji',
    deleteRiderFailed: 'Imeshindwa kufuta msafirishaji',
    sellerNotFound: 'Muuzaji hajapatikana',
    createOrderFailed: 'Imeshindwa kuunda oda',
    orderNotFound: 'Oda haijapatikana',
    addNewRiderFailed: 'Imeshindwa kuongeza msafirishaji mpya',
    assignRiderFailed: 'Imeshindwa kuteua msafirishaji',
    removeRiderFailed: 'Imeshindwa kumwondoa msafirishaji',
    selectOrAddRider: v.rider.selectOrAdd,
    profileCreated: 'Wasifu umeundwa kikamilifu!',
    riderAdded: 'Msafirishaji ameongezwa kikamilifu',
    riderRemoved: 'Msafirishaji ameondolewa',
    orderCreated: 'Oda imeundwa kikamilifu!',
    buyerLinkCopied: 'Kiungo cha mnunuzi kimenakiliwa!',
    sellerLinkCopied: 'Kiungo cha muuzaji kimenakiliwa!',
    assignRiderToProceed: 'Teua msafirishaji ili kuendelea',
  },
  buyer: {
    rateBoth: v.feedback.ratingsRequired,
    submitFeedbackFailed: 'Imeshindwa kutuma maoni',
    deliveryCodeRequired: 'Msimbo wa uwasilishaji unahitajika ili kuona oda',
    orderNotFoundOrInvalidCode: 'Oda haijapatikana au msimbo wa uwasilishaji si sahihi',
    loadOrderFailed: 'Imeshindwa kufungua oda',
    confirmPaymentFailed: 'Imeshindwa kuthibitisha malipo. Tafadhali hakiki maelezo ya malipo yako.',
    paymentConfirmationFailed: 'Uthibitishaji wa malipo umeshindwa. Tafadhali wasiliana na huduma kwa wateja.',
    termsNotAccepted: v.buyer.termsRequired,
    deliveryCodeNotFound: v.buyer.deliveryCodeMissing,
    paymentConfirmed: 'Malipo yamethibitishwa! Muuzaji atateua msafirishaji hivi karibuni.',
    paymentBeingVerified: 'Asante. Malipo yako yanahakikiwa na M-Pesa; ukurasa huu utajisasisha yakishathibitishwa.',
    feedbackThanks: 'Asante kwa maoni yako!',
  },
  rider: {
    phoneNumberRequired: 'Nambari ya simu ya msafirishaji inahitajika',
    orderNotFoundOrNotAssigned: 'Oda haijapatikana au hujakabidhiwa oda hii',
    loadAvailableJobsFailed: 'Imeshindwa kufungua kazi zilizopo',
    acceptJobFailed: 'Imeshindwa kukubali kazi',
    confirmPickupFailed: 'Imeshindwa kuthibitisha kuchukua bidhaa',
    completeDeliveryFailed: 'Imeshindwa kukamilisha uwasilishaji',
    invalidDeliveryCode: v.deliveryCode.mismatch,
    submitConfirmationFailed: 'Imeshindwa kutuma uthibitisho',
    uploadPickupPhoto: v.rider.pickupPhotoRequired,
    enterPhoneNumber: v.rider.phoneRequired,
    jobAccepted: 'Kazi imekubaliwa! Tafadhali nenda mahali pa kuchukua bidhaa.',
    pickupConfirmed: 'Umethibitisha kuchukua bidhaa! Uwasilishaji umeanza.',
    deliveryCompleted: 'Uwasilishaji umekamilika!',
    paymentConfirmationRecorded: 'Uthibitisho wa malipo umerekodiwa',
    issueReported: 'Tatizo limeripotiwa. Msimamizi atalikagua.',
    phoneCodeSent: 'Ikiwa nambari hii iko kwenye orodha ya wasafirishaji wa muuzaji, msimbo uko njiani.',
    phoneNotVerified: 'Tafadhali thibitisha nambari yako ya simu kwa msimbo tutakaokutumia kwa SMS.',
    phoneVerified: 'Nambari ya simu imethibitishwa.',
    enterPhoneCode: v.rider.phoneCodeInvalid,
    sendPhoneCodeFailed: 'Imeshindwa kutuma msimbo. Tafadhali jaribu tena.',
    verifyPhoneCodeFailed: 'Imeshindwa kukagua msimbo. Tafadhali jaribu tena.',
    signedOutOfPhone: 'Nambari hii ya simu haikumbukwi tena kwenye kifaa hiki.',
  },
  admin: {
    accessDenied: 'Ufikiaji umekataliwa. Unahitaji ruhusa za msimamizi.',
    fillInAllPaymentInformation: v.paymentConfig.fieldsRequired,
    updatePaymentInformationFailed: 'Imeshindwa kusasisha maelezo ya malipo',
    updateNotificationsFailed: 'Imeshindwa kusasisha mipangilio ya arifa',
    payoutDetailsUpdated: 'Maelezo ya kupokea malipo yamesasishwa. Tumekutumia barua pepe; malipo kwenda huko yataanza baada ya saa 24.',
    updatePayoutDetailsFailed: 'Imeshindwa kusasisha maelezo ya kupokea malipo',
    updateContactFailed: 'Imeshindwa kusasisha ujumbe wa mawasiliano',
    confirmSettlementFailed: 'Imeshindwa kuthibitisha ulipaji',
    updatePaymentConfigurationFailed: 'Imeshindwa kusasisha mipangilio ya malipo',
    settlementConfirmed: 'Ulipaji umethibitishwa! Malipo yamewekwa alama kuwa yametumwa kwa muuzaji na msafirishaji.',
    contactResolved: 'Ujumbe umewekwa alama kuwa umeshughulikiwa',
    dataExported: 'Data imehamishwa kikamilifu!',
    paymentConfigurationUpdated: 'Mipangilio ya malipo imesasishwa kikamilifu!',
    loggedOut: 'Umetoka kwenye akaunti kikamilifu',
  },
  contact: {
    sentTitle: 'Ujumbe Umetumwa!',
    sentDescription: 'Tutakujibu haraka iwezekanavyo.',
    validationErrorTitle: 'Hitilafu kwenye Fomu',
    errorTitle: 'Hitilafu',
    sendFailed: 'Imeshindwa kutuma ujumbe. Tafadhali jaribu tena.',
    tooManyMessages: 'Umetuma jumbe kadhaa kwa muda mfupi. Tafadhali subiri kidogo kisha ujaribu tena.',
  },
  passwordChange: {
    currentPasswordIncorrect: 'Nenosiri la sasa si sahihi',
    noUserFound: 'Mtumiaji hajapatikana',
    passwordUpdated: 'Nenosiri limesasishwa kikamilifu',
    updatePasswordFailed: 'Imeshindwa kusasisha nenosiri',
    newPasswordsDontMatch: v.password.changeMismatch,
  },
  sellerProfile: {
    businessDetailsUpdated: 'Maelezo ya biashara yamesasishwa!',
    logoUploaded: 'Nembo imepakiwa kikamilifu!',
    logoRemoved: 'Nembo imeondolewa!',
    aboutUpdated: 'Sehemu ya Kuhusu imesasishwa!',
    paymentInformationUpdated: 'Maelezo ya malipo yamesasishwa kikamilifu!',
    notificationsUpdated: 'Mipangilio ya arifa imesasishwa!',
    updateFailed: 'Imeshindwa kusasisha',
    uploadLogoFailed: 'Imeshindwa kupakia nembo',
    removeLogoFailed: 'Imeshindwa kuondoa nembo',
    updatePaymentInformationFailed: 'Imeshindwa kusasisha maelezo ya malipo',
    updateNotificationsFailed: 'Imeshindwa kusasisha mipangilio ya arifa',
    payoutDetailsUpdated: 'Maelezo ya kupokea malipo yamesasishwa. Tumekutumia barua pepe; malipo kwenda huko yataanza baada ya saa 24.',
    updatePayoutDetailsFailed: 'Imeshindwa kusasisha maelezo ya kupokea malipo',
    fillInAllPaymentFields: v.seller.paymentFieldsRequired,
  },
  notFound: {
    pageNotFound: 'Ukurasa haujapatikana',
    returnToHome: 'Rudi Mwanzo',
  },
  errors: {
    checkTheForm: v.common.invalidInput,
    invalidAmount: 'Weka kiasi kwa KSh, kuanzia 0 hadi 10,000,000, chenye desimali zisizozidi 2',
    invalidStatus: 'Hali ya oda si sahihi',
    deliveryCostExceedsProceeds:
      'Gharama ya usafirishaji haiwezi kuzidi bei ukiondoa ada ya huduma, kwa sababu muuzaji hulipia usafirishaji kutoka kwenye mapato ya mauzo',
    riderNotFound: 'Msafirishaji hajapatikana',
    refundNotFound: 'Ombi la kurejeshewa pesa halijapatikana',
    payoutNotFound: 'Malipo ya kutumwa hayajapatikana',
    contactNotFound: 'Ujumbe wa mawasiliano haujapatikana',
    forbidden: 'Ufikiaji umekataliwa. Huna ruhusa ya kufanya hivi.',
    transitionNotAllowed: 'Hili haliwezi kufanyika katika hatua hii ya oda. Tafadhali pakia upya ukurasa kisha ujaribu tena.',
    paymentNotConfirmed: 'Malipo ya mnunuzi bado hayajathibitishwa',
    paymentAlreadyConfirmed: 'Malipo ya oda hii tayari yamethibitishwa',
    mpesaReceiptAlreadyUsed: 'Msimbo huu wa uthibitisho wa M-Pesa tayari umetumika kwa oda nyingine',
    riderNotAccepted: 'Tafadhali kubali kazi kabla ya kuthibitisha kuchukua bidhaa',
    riderAlreadyAssigned: 'Kazi hii tayari imechukuliwa na msafirishaji mwingine',
    deliveryCodeLocked: 'Misimbo mingi mno ya uwasilishaji isiyo sahihi imewekwa. Uwekaji wa msimbo umefungwa hadi muuzaji auufungue.',
    unlockLimitReached:
      'Uwekaji wa msimbo tayari umefunguliwa mara 3 kwa oda hii. Mnunuzi anaweza kuomba msimbo mpya kwenye ukurasa wa oda yake, au msimamizi anaweza kurejesha pesa za oda.',
    codeRenewalLimitReached:
      'Msimbo mpya tayari umetumwa mara 3 kwa oda hii, na uwekaji wa msimbo umefungwa tena. Omba kurejeshewa pesa kwenye ukurasa huu, au wasiliana nasi: msimamizi atashughulikia oda.',
    deliveryCodeNeeded:
      'Ni mnunuzi aliyelipa pekee anayeweza kufanya hivi. Fungua ukurasa huu kwenye simu uliyolipia, au andika msimbo wa uwasilishaji ulio kwenye SMS ya malipo.',
    alreadySettled: 'Ulipaji wa oda hii tayari umefanyika',
    payoutNotRetryable: 'Malipo haya hayawezi kutumwa tena sasa: ni malipo yaliyoshindikana pekee yanayoweza kutumwa tena',
    payoutsNotConfigured: 'Malipo ya kutumwa kwa M-Pesa hayajawekwa kwenye mfumo huu: lipa kwa mkono kisha urekodi nambari ya muamala ya M-Pesa',
    refundAlreadyRequested: 'Tayari kuna ombi la kurejeshewa pesa kwa oda hii',
    refundAlreadyResolved: 'Ombi hili la kurejeshewa pesa tayari limeshughulikiwa',
    referenceAlreadyUsed:
      'Nambari hii ya muamala ya M-Pesa tayari imerekodiwa kwa malipo mengine ya kutumwa au urejeshaji mwingine wa pesa. Angalia nambari hiyo kwenye ujumbe wa M-Pesa kisha uiweke tena.',
    referenceIsAPayment:
      'Nambari hii ya muamala ya M-Pesa ni ya malipo ya mnunuzi kwa oda, si malipo ya kutumwa wala urejeshaji wa pesa. Weka nambari ya muamala ya pesa ulizotuma.',
    contactAlreadyResolved: 'Ujumbe huu wa mawasiliano tayari umewekwa alama kuwa umeshughulikiwa',
    feedbackAlreadySubmitted: 'Maoni ya oda hii tayari yametumwa',
    feedbackNotAllowed: 'Unaweza kutoa maoni baada ya oda kuwasilishwa',
    concurrentUpdate: 'Oda hii imebadilishwa na mtu mwingine wakati huo huo. Tafadhali jaribu tena.',
    unexpected: 'Hitilafu imetokea. Tafadhali jaribu tena.',
    paymentUnverified: 'Malipo ya oda hii hayajahakikiwa na M-Pesa, kwa hivyo hakuna pesa inayoweza kutumwa wala kurejeshwa kwa ajili yake.',
    mpesaNotConfigured:
      'Kulipa kwa ombi la M-Pesa kwenye simu hakupatikani kwa sasa. Tafadhali lipa kwa Paybill iliyoonyeshwa kisha uweke msimbo wako wa uthibitisho wa M-Pesa.',
    serviceUnavailable: 'Huduma haipatikani kwa muda. Tafadhali jaribu tena.',
  },
  accounts: {
    signInRequired: 'Tafadhali ingia ili kuendelea',
    invalidCredentials: 'Barua pepe au nenosiri si sahihi',
    emailAlreadyRegistered: 'Tayari kuna akaunti yenye barua pepe hii. Tafadhali ingia.',
    resetCodeLocked: 'Misimbo mingi mno isiyo sahihi imewekwa. Tafadhali omba msimbo mpya.',
    sellerAlreadyExists: 'Tayari una wasifu wa muuzaji',
    accountNotFound: 'Hakuna akaunti yenye barua pepe hii',
    crossSiteRequest: 'Ombi hili halikutoka kwenye tovuti hii, kwa hivyo limekataliwa. Tafadhali pakia upya ukurasa kisha ujaribu tena.',
    signedOut: 'Umetoka kwenye akaunti',
    noSellerProfile: 'Tafadhali kamilisha wasifu wako wa muuzaji kwanza',
    // 'Umesahau nenosiri?' is the Swahili of the sign-in page's 'Forgot password?' link (glossary).
    passwordNotSet: "Akaunti yako bado haina nenosiri (unaingia kwa Google). Weka nenosiri kupitia 'Umesahau nenosiri?' kwenye ukurasa wa kuingia.",
    googleStateInvalid: 'Kuingia huku kwa Google kumeisha muda au tayari kumetumika. Tafadhali jaribu tena.',
    googleCancelled: 'Kuingia kwa Google kumeghairiwa.',
    googleUnavailable: 'Google haijibu kwa sasa. Tafadhali jaribu tena baada ya dakika chache, au ingia kwa nenosiri lako.',
    googleFailed: 'Imeshindwa kukamilisha kuingia kwa Google. Tafadhali jaribu tena.',
    googleEmailNotVerified: 'Barua pepe ya akaunti yako ya Google haijathibitishwa. Ithibitishe kwenye Google, au ingia kwa nenosiri lako.',
    googleAdminNotAllowed: 'Akaunti za msimamizi huingia kwa barua pepe na nenosiri, si kwa Google.',
    googleLinkedToAnother: 'Akaunti hii imeunganishwa na akaunti nyingine ya Google. Endelea na akaunti hiyo ya Google, au ingia kwa nenosiri lako.',
  },
  validation: validationMessagesSw,
};

/**
 * `tooManyAttemptsMessage` in Swahili: the same whole seconds, and minutes from 90 seconds on.
 * Swahili nouns do not change for the plural ("sekunde 1", "sekunde 30", "dakika 5").
 */
export function tooManyAttemptsMessageSw(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return `Majaribio mengi mno. Tafadhali subiri sekunde ${wait} kisha ujaribu tena.`;
  return `Majaribio mengi mno. Tafadhali subiri dakika ${Math.ceil(wait / 60)} kisha ujaribu tena.`;
}
