import type { QuestionAnswer } from '@escrow/ui/components/question-accordion';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { FAQ_FEE_EXAMPLE, SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { SectionLink } from '../site-chrome/section-link.tsx';

export interface Step {
  readonly title: string;
  readonly text: string;
}

/** The four steps of an escrow order (spec section 2). */
export const STEPS: readonly Step[] = [
  {
    title: 'Create an order',
    text: "Add the item, the price and your buyer's details. You get a secure link to send your buyer on WhatsApp, Instagram or SMS.",
  },
  {
    title: 'The buyer pays upfront',
    text: 'Your buyer pays the price by M-Pesa to our Paybill. The money is held safely in escrow, and you can see it is paid before anything leaves your shop.',
  },
  {
    title: 'The rider delivers, the buyer checks',
    text: 'Your rider photographs the item at pickup and delivers it. The buyer checks the item, then gives the rider their 6-digit delivery code.',
  },
  {
    title: 'Instant settlement',
    text: `The moment the rider enters the code, the order is complete and your money, the price minus the ${SERVICE_FEE_PERCENT} fee, is released to your M-Pesa, Paybill or Till number.`,
  },
];

export interface Guide {
  readonly id: string;
  readonly title: string;
  readonly steps: readonly string[];
}

/** Short guides for each kind of user. */
export const GUIDES: readonly Guide[] = [
  {
    id: 'sellers',
    title: 'For sellers',
    steps: [
      'Create your free account and business profile, with the M-Pesa, Paybill or Till number you want to be paid on.',
      'Add your riders: name, phone number and motorbike plate.',
      'Create an order and send the buyer link.',
      'When the payment is confirmed, assign a rider.',
      'Get paid once the buyer confirms delivery with the code.',
    ],
  },
  {
    id: 'buyers',
    title: 'For buyers',
    steps: [
      'Open the link your seller sent you. No account needed.',
      'Pay the price to the Paybill shown, with the tracking number as the account number.',
      'Confirm your payment with the M-Pesa confirmation code from your SMS.',
      'When the rider arrives, check the item first.',
      'All good? Give the rider your delivery code. Not what you ordered? Keep the code and ask for a refund on your order page.',
    ],
  },
  {
    id: 'riders',
    title: 'For riders',
    steps: [
      'The seller adds you with your phone number. No app or password needed.',
      'Open the job link and accept the job.',
      'Take a photo of the item when you pick it up.',
      'Deliver it, and collect the delivery fee if the buyer pays it.',
      "Enter the buyer's 6-digit code to complete the delivery.",
    ],
  },
];

const fee = FAQ_FEE_EXAMPLE;

/** The ten questions of the FAQ (spec section 2), consistent with the product decisions. */
export const FAQ: readonly QuestionAnswer[] = [
  {
    id: 'escrow',
    question: 'What is escrow, and how does it protect me?',
    answer: (
      <p>
        Escrow means a trusted middle party holds the money. Your buyer pays us, not a stranger, and we hold the payment
        until the buyer confirms delivery with their code. You know the money is there before you send the item; your
        buyer knows they get a full refund if the item is not what they ordered.
      </p>
    ),
  },
  {
    id: 'cost',
    question: 'How much does it cost?',
    answer: (
      <p>
        Creating an account is free, with no monthly fees. We charge a service fee of {SERVICE_FEE_PERCENT} of the product
        price, taken from your payout when a sale goes through. For an item of {formatKsh(fee.price)} the fee is{' '}
        {formatKsh(fee.serviceFee)} and you receive {formatKsh(fee.sellerPayout)}.
      </p>
    ),
  },
  {
    id: 'paying',
    question: 'How does my buyer pay?',
    answer: (
      <p>
        By M-Pesa to our Paybill number, shown on the buyer's order page. The account number is the order's tracking
        number. The buyer then confirms the payment on the same page with the M-Pesa confirmation code from their SMS.
      </p>
    ),
  },
  {
    id: 'delivery-code',
    question: 'What is the delivery code?',
    answer: (
      <p>
        A 6-digit code that only the buyer has, in their order link. The buyer gives it to the rider only after checking
        the item. When the rider enters it, the order is complete and your payout is released. After 5 wrong entries the
        code is locked until you or our team unlock it.
      </p>
    ),
  },
  {
    id: 'wrong-item',
    question: 'What if the item is not what the buyer ordered?',
    answer: (
      <p>
        The buyer keeps the code and asks for a refund on their order page, saying why. Our team reviews the order, and
        when the refund is approved the buyer gets back everything they paid into escrow.
      </p>
    ),
  },
  {
    id: 'delivery-fee',
    question: 'Who pays for delivery?',
    answer: (
      <p>
        You decide for each order. Either the buyer pays the rider directly at the door, or you pay the rider's fee out
        of your payout at settlement.
      </p>
    ),
  },
  {
    id: 'payout',
    question: 'When do I get paid?',
    answer: (
      <p>
        As soon as the rider enters the buyer's code, the order is delivered and your payout, the price minus the{' '}
        {SERVICE_FEE_PERCENT} service fee, is released for settlement to the M-Pesa, Paybill or Till number on your
        profile.
      </p>
    ),
  },
  {
    id: 'buyer-account',
    question: 'Does my buyer need an account?',
    answer: <p>No. Buyers open the link you send them and pay. They never need to sign up or remember a password.</p>,
  },
  {
    id: 'riders',
    question: 'How do riders use it?',
    answer: (
      <p>
        You add your own riders with their name, phone number and motorbike plate. Each job has its own link, so riders
        need no app and no password. If you change the rider on an order, the old rider's link stops working at once.
      </p>
    ),
  },
  {
    id: 'data',
    question: 'Is my information safe?',
    answer: (
      <p>
        We keep only what we need to run your orders. Your payout details are visible only to you and our admins, and
        admins cannot change them. If you do not sign in for 6 months, your account and personal data are deleted. Read
        more in the <SectionLink to="/terms#privacy">privacy section of our terms</SectionLink>.
      </p>
    ),
  },
];
