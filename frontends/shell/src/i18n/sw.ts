import type { ShellMessageId } from './en.ts';

/**
 * Tovuti ya Escrow Delivery kwa Kiswahili (issue 19): the frame, the landing page and the 404
 * page. The typecheck refuses a missing or extra id; placeholders stay as in English. Words
 * follow docs/i18n-glossary.md.
 */
const shellSw: Readonly<Record<ShellMessageId, string>> = {
  'shell.skipToMain': 'Ruka hadi maudhui makuu',
  'shell.home': 'Mwanzo wa Escrow Delivery',
  'shell.mainNav': 'Kuu',
  'shell.signIn': 'Ingia',
  'shell.menu': 'Menyu',
  'shell.menuOpening': 'Inafungua menyu…',
  'shell.menuFailed': 'Menyu haikuweza kufunguka. Tafadhali angalia mtandao wako, au tumia viungo vilivyo chini ya ukurasa.',
  'shell.myDashboard': 'Dashibodi Yangu',
  'shell.startSelling': 'Anza Kuuza',
  'shell.opensInNewTab': ' (inafunguka kwenye kichupo kipya)',
  'shell.link.verifiedSellers': 'Wauzaji Waliothibitishwa',
  'shell.link.howItWorks': 'Jinsi Inavyofanya Kazi',
  'shell.link.about': 'Kuhusu',
  'shell.link.terms': 'Masharti',
  'shell.link.contact': 'Wasiliana',

  'shell.footer.tagline': 'Uwasilishaji kwa amana kwa wauzaji wa mtandaoni nchini Kenya. Mnunuzi wako analipa kwanza, nawe unawasilisha bila wasiwasi.',
  'shell.footer.product': 'Huduma',
  'shell.footer.aboutUs': 'Kuhusu Sisi',
  'shell.footer.contactUs': 'Wasiliana Nasi',
  'shell.footer.legal': 'Kisheria',
  'shell.footer.termsOfService': 'Sheria na Masharti',
  'shell.footer.privacy': 'Faragha',
  'shell.footer.refunds': 'Kurejeshewa Pesa',
  'shell.footer.badge': 'Malipo yanahifadhiwa kama amana hadi mnunuzi athibitishe uwasilishaji',
  'shell.footer.getStarted': 'Anza Sasa',
  'shell.footer.freeToJoin': 'Kujiunga ni bure. Unalipa {percent} tu mauzo yanapokamilika.',
  'shell.footer.copyright': '© {year} Escrow Delivery. Nairobi, Kenya.',
  'shell.footer.admin': 'Msimamizi',

  'shell.landing.title': 'Uza Mtandaoni bila Wasiwasi. Lipwa kwa Usalama.',
  'shell.landing.lead':
    'Mnunuzi wako analipa kwa M-Pesa, pesa zikahifadhiwa kama amana, kabla bidhaa haijatoka dukani kwako. Msafirishaji aliyethibitishwa anaiwasilisha, na pesa zako zinatolewa mnunuzi anapothibitisha uwasilishaji kwa msimbo wake.',
  'shell.landing.startSafely': 'Anza Kuuza kwa Usalama',
  'shell.landing.seeHow': 'Ona Jinsi Inavyofanya Kazi',
  'shell.landing.promise.riders': 'Wasafirishaji waliothibitishwa',
  'shell.landing.promise.updates': 'Taarifa za uwasilishaji papo hapo',
  'shell.landing.promise.photo': 'Picha ya kuchukua bidhaa kama uthibitisho',
  'shell.landing.example.title': 'Oda, imehifadhiwa salama kama amana',
  'shell.landing.example.price': 'Simu janja, imelipwa na mnunuzi',
  'shell.landing.example.fee': 'Ada ya huduma ({percent})',
  'shell.landing.example.payout': 'Unapokea baada ya uwasilishaji',
  'shell.landing.example.note': 'Mnunuzi anamlipa msafirishaji gharama ya usafirishaji mlangoni.',
  'shell.landing.benefits.title': 'Kwa nini wauzaji huchagua uwasilishaji kwa amana',
  'shell.landing.benefits.lead': 'Kila unachohitaji kuuza bidhaa za thamani kubwa mtandaoni bila wasiwasi.',
  'shell.landing.benefit.paid.title': 'Unalipwa kabla ya kuwasilisha',
  'shell.landing.benefit.paid.text':
    'Mnunuzi wako analipa kwa M-Pesa kama amana kabla bidhaa haijatoka dukani kwako. Hakuna tena oda za uongo wala wanaosema "nitalipa bidhaa ikifika" kisha kutoweka.',
  'shell.landing.benefit.riders.title': 'Wasafirishaji waliothibitishwa',
  'shell.landing.benefit.riders.text': 'Oda yako inabebwa na msafirishaji uliyemwongeza na unayemwamini, anayetambulika kwa nambari ya simu na nambari ya usajili wa pikipiki.',
  'shell.landing.benefit.photo.title': 'Picha ya kuchukua bidhaa kama uthibitisho',
  'shell.landing.benefit.photo.text': 'Msafirishaji anapiga picha anapochukua bidhaa, ili kila mtu aone kilichotoka dukani kwako na lini.',
  'shell.landing.benefit.updates.title': 'Taarifa za uwasilishaji papo hapo',
  'shell.landing.benefit.updates.text': 'Wewe na mnunuzi wako mnafuatilia kila hatua kwenye simu zenu: imelipwa, msafirishaji ameteuliwa, iko njiani, imewasilishwa.',
  'shell.landing.benefit.code.title': 'Msimbo wa uwasilishaji unawalinda wote wawili',
  'shell.landing.benefit.code.text': 'Mnunuzi anakagua bidhaa, kisha anampa msafirishaji msimbo wa tarakimu 6. Msimbo huo pekee ndio unaotoa pesa zako.',
  'shell.landing.benefit.trust.title': 'Wanunuzi wanakuamini zaidi',
  'shell.landing.benefit.trust.text':
    'Kiungo salama cha malipo kinawaonyesha wanunuzi kwamba pesa zao ziko salama, hivyo wanakubali kununua simu, vifaa vya elektroniki na mavazi ya kifahari.',
  'shell.landing.testimonials.title': 'Wauzaji kama wewe',
  'shell.landing.testimonial.wanjiru.quote':
    'Wateja walikuwa wanaagiza simu kisha wanazima simu zao. Sasa wanalipa kwanza, nami namtuma msafirishaji nikiwa na amani.',
  'shell.landing.testimonial.wanjiru.business': 'Simu na vifaa vyake, Nairobi CBD',
  'shell.landing.testimonial.brian.quote':
    'Wanunuzi wa Instagram waliogopa kumlipa mtu wasiyemjua. Kwa kiungo cha amana wananiamini, na mauzo yangu yameongezeka.',
  'shell.landing.testimonial.brian.business': 'Vifaa vya elektroniki, Westlands',
  'shell.landing.testimonial.amina.quote':
    'Picha ya kuchukua bidhaa na msimbo wa uwasilishaji vilimaliza mabishano kuhusu kilichowasilishwa. Pesa zangu zinaingia kwenye M-Pesa yangu baada ya uwasilishaji.',
  'shell.landing.testimonial.amina.business': 'Mavazi ya boutique, Kilimani',
  'shell.landing.cta.title': 'Uko tayari kuuza bila wasiwasi?',
  'shell.landing.cta.text': 'Fungua akaunti yako ya muuzaji bure kwa dakika chache. Unalipa ada ya huduma ya {percent} tu mauzo yanapokamilika.',
  'shell.getStartedFree': 'Anza Bure',

  'shell.notFound.title': 'Ukurasa haupatikani',
  'shell.notFound.body': 'Huenda kiungo kimeandikwa vibaya, au ukurasa umehamishwa.',
  'shell.returnHome': 'Rudi Mwanzo',
  'shell.contactUs': 'Wasiliana Nasi',
  'shell.loadingPage': 'Inafungua ukurasa…',
  'shell.pageFailed.title': 'Ukurasa huu haukuweza kufunguliwa',
  'shell.pageFailed.body': 'Tafadhali angalia mtandao wako kisha ujaribu tena.',
  'shell.tryAgain': 'Jaribu tena',
};

export default shellSw;
