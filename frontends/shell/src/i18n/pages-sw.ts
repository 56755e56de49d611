import type { PagesMessageId } from './pages-en.ts';

/**
 * Kurasa za tovuti kwa Kiswahili (issue 19): kuingia, kufungua akaunti, kuweka upya nenosiri,
 * jinsi inavyofanya kazi, kuhusu, mawasiliano na sheria na masharti. The typecheck refuses a
 * missing or extra id; placeholders and tags stay as in English. Words follow
 * docs/i18n-glossary.md.
 */
const pagesSw: Readonly<Record<PagesMessageId, string>> = {
  'pages.loading': 'Inafungua ukurasa…',
  'pages.backToHome': 'Rudi Mwanzo',
  'pages.backToSignIn': '← Rudi Kuingia',
  'pages.email': 'Barua pepe',
  'pages.password': 'Nenosiri',
  'pages.passwordHint': 'Angalau herufi 6, zikiwemo herufi kubwa, tarakimu na alama maalum.',
  'pages.requestNewCode': 'Omba msimbo mpya',

  'pages.auth.checkingSession': 'Inakagua kama umeingia…',
  'pages.auth.backHome': '← Rudi Mwanzo',
  'pages.auth.signIn.title': 'Ingia',
  'pages.auth.signIn.lead': 'Karibu tena. Ingia ili kusimamia oda zako na malipo yako.',
  'pages.auth.signUp.title': 'Fungua akaunti yako',
  'pages.auth.signUp.lead': 'Anza kuuza ukilindwa na amana. Inachukua dakika moja.',
  'pages.auth.reset.title': 'Weka upya nenosiri lako',
  'pages.auth.reset.lead': 'Weka barua pepe ya akaunti yako nasi tutakutumia msimbo wa tarakimu 6.',
  'pages.auth.signingIn': 'Inaingia…',
  'pages.auth.creatingAccount': 'Inafungua akaunti…',
  'pages.auth.sendingCode': 'Inatuma msimbo…',
  'pages.auth.signInButton': 'Ingia',
  'pages.auth.createAccount': 'Fungua Akaunti',
  'pages.auth.sendResetCode': 'Tuma Msimbo wa Kuweka Upya',
  'pages.auth.forgotPassword': 'Umesahau nenosiri?',
  'pages.auth.noAccount': 'Huna akaunti? Jisajili',
  'pages.auth.haveAccount': 'Tayari una akaunti? Ingia',
  'pages.auth.backToSignIn': 'Rudi Kuingia',
  'pages.auth.google': 'Endelea na Google',

  'pages.verify.title': 'Weka msimbo wako wa kuweka upya',
  'pages.verify.sentTo': 'Tumetuma msimbo wa tarakimu 6 kwa <0>{email}</0> kama ni ya akaunti. Unafanya kazi kwa dakika 15.',
  'pages.verify.noEmail': 'Kiungo hiki hakina barua pepe yako.',
  'pages.verify.code': 'Msimbo wa tarakimu 6',
  'pages.verify.verifying': 'Inathibitisha…',
  'pages.verify.submit': 'Thibitisha Msimbo',

  'pages.newPassword.title': 'Weka nenosiri jipya',
  'pages.newPassword.for': 'Kwa <0>{email}</0>. Kila kifaa kilichoingia kwenye akaunti hii kitatolewa kwenye akaunti.',
  'pages.newPassword.password': 'Nenosiri jipya',
  'pages.newPassword.confirm': 'Thibitisha nenosiri jipya',
  'pages.newPassword.resetting': 'Inaweka upya…',
  'pages.newPassword.submit': 'Weka Upya Nenosiri',
};

export default pagesSw;
