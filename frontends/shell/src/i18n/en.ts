/**
 * The shell's site in English (issue 19): the frame (header, menu, footer), the landing page,
 * the 404 page and the loading and error states around lazily loaded pages, by message id, in
 * ICU MessageFormat. The public pages and the sign-in pages have their own catalog
 * (pages-en.ts), downloaded with them. The spec's texts stay in the core's catalogue.
 */
export const shellEn = {
  'shell.skipToMain': 'Skip to main content',
  'shell.home': 'Escrow Delivery home',
  'shell.mainNav': 'Main',
  'shell.signIn': 'Sign In',
  'shell.menu': 'Menu',
  'shell.menuOpening': 'Opening the menu…',
  'shell.menuFailed': 'The menu could not open. Please check your connection, or use the links at the bottom of the page.',
  'shell.myDashboard': 'My Dashboard',
  'shell.startSelling': 'Start Selling',
  'shell.opensInNewTab': ' (opens in a new tab)',
  'shell.link.verifiedSellers': 'Verified Sellers',
  'shell.link.howItWorks': 'How It Works',
  'shell.link.about': 'About',
  'shell.link.terms': 'Terms',
  'shell.link.contact': 'Contact',

  'shell.footer.tagline': 'Escrow delivery for online sellers in Kenya. Your buyer pays first, you deliver with confidence.',
  'shell.footer.product': 'Product',
  'shell.footer.aboutUs': 'About Us',
  'shell.footer.contactUs': 'Contact Us',
  'shell.footer.legal': 'Legal',
  'shell.footer.termsOfService': 'Terms of Service',
  'shell.footer.privacy': 'Privacy',
  'shell.footer.refunds': 'Refunds',
  'shell.footer.badge': 'Payments held in escrow until the buyer confirms delivery',
  'shell.footer.getStarted': 'Get Started',
  'shell.footer.freeToJoin': 'Free to join. You pay {percent} only when a sale goes through.',
  'shell.footer.copyright': '© {year} Escrow Delivery. Nairobi, Kenya.',
  'shell.footer.admin': 'Admin',

  'shell.landing.title': 'Sell Online with Confidence. Get Paid Securely.',
  'shell.landing.lead':
    'Your buyer pays into escrow by M-Pesa before the item leaves your shop. A verified rider delivers, and your money is released when the buyer confirms delivery with their code.',
  'shell.landing.startSafely': 'Start Selling Safely',
  'shell.landing.seeHow': 'See How It Works',
  'shell.landing.promise.riders': 'Verified riders',
  'shell.landing.promise.updates': 'Real-time delivery updates',
  'shell.landing.promise.photo': 'Photo proof of pickup',
  'shell.landing.example.title': 'An order, held safely in escrow',
  'shell.landing.example.price': 'Smartphone, paid by the buyer',
  'shell.landing.example.fee': 'Service fee ({percent})',
  'shell.landing.example.payout': 'You receive after delivery',
  'shell.landing.example.note': 'The buyer pays the rider for delivery at the door.',
  'shell.landing.benefits.title': 'Why sellers choose escrow delivery',
  'shell.landing.benefits.lead': 'Everything you need to sell high-value goods online without the worry.',
  'shell.landing.benefit.paid.title': 'Paid before you deliver',
  'shell.landing.benefit.paid.text':
    'Your buyer pays into escrow by M-Pesa before the item leaves your shop. No more fake orders or "I will pay on delivery" no-shows.',
  'shell.landing.benefit.riders.title': 'Verified riders',
  'shell.landing.benefit.riders.text': 'Your order goes with a rider you added and trust, identified by phone number and motorbike plate.',
  'shell.landing.benefit.photo.title': 'Photo proof of pickup',
  'shell.landing.benefit.photo.text': 'The rider takes a photo when collecting the item, so everyone can see what left your shop and when.',
  'shell.landing.benefit.updates.title': 'Real-time delivery updates',
  'shell.landing.benefit.updates.text': 'You and your buyer follow every step on your phones: paid, rider assigned, on the way, delivered.',
  'shell.landing.benefit.code.title': 'A delivery code protects both sides',
  'shell.landing.benefit.code.text': 'The buyer checks the item, then gives the rider a 6-digit code. Only that code releases your money.',
  'shell.landing.benefit.trust.title': 'Buyers trust you more',
  'shell.landing.benefit.trust.text':
    'A secure payment link shows buyers their money is safe, so they say yes to phones, electronics and designer pieces.',
  'shell.landing.testimonials.title': 'Sellers like you',
  'shell.landing.testimonial.wanjiru.quote':
    'Customers used to book phones and then switch off. Now they pay first, and I send the rider with a clear mind.',
  'shell.landing.testimonial.wanjiru.business': 'Phones and accessories, Nairobi CBD',
  'shell.landing.testimonial.brian.quote':
    'Buyers on Instagram were scared to pay a stranger. With the escrow link they trust me, and my sales have gone up.',
  'shell.landing.testimonial.brian.business': 'Electronics, Westlands',
  'shell.landing.testimonial.amina.quote':
    'The photo at pickup and the delivery code ended the arguments about what was delivered. My money comes to my M-Pesa after delivery.',
  'shell.landing.testimonial.amina.business': 'Boutique fashion, Kilimani',
  'shell.landing.cta.title': 'Ready to sell without the worry?',
  'shell.landing.cta.text': 'Create your free seller account in a few minutes. You pay the {percent} service fee only when a sale goes through.',
  'shell.getStartedFree': 'Get Started for Free',

  'shell.notFound.title': 'Page not found',
  'shell.notFound.body': 'The link may be mistyped, or the page may have moved.',
  'shell.returnHome': 'Return to Home',
  'shell.contactUs': 'Contact Us',
  'shell.loadingPage': 'Loading page…',
  'shell.pageFailed.title': 'This page could not be loaded',
  'shell.pageFailed.body': 'Please check your internet connection and try again.',
  'shell.tryAgain': 'Try again',
} as const;

export type ShellMessageId = keyof typeof shellEn;
