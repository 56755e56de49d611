import type { ReactNode } from 'react';
import { SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';

export interface TermsSection {
  /** The fragment of the section's link, e.g. /terms#privacy. */
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/**
 * The 15 sections of the terms (spec section 2), written to match ../shared/PRODUCT-DECISIONS.md:
 * the fee is 2.5% of the product price and non-refundable, a refund returns everything paid
 * into escrow, the delivery code completes an order, inactive accounts are deleted after 6
 * months, users are 18 or older, Kenyan law applies.
 */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account, creating or paying for an order, or delivering an order through Escrow Delivery ("we",
        "us", "the service"), you agree to these terms. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Service Description',
    body: (
      <>
        <p>
          We provide an escrow and delivery service for online sellers in Kenya. A seller creates an order and sends the
          buyer a link. The buyer pays the product price by M-Pesa to our Paybill, and we hold it in escrow. A rider chosen
          by the seller collects the item, takes a photo at pickup and delivers it. The buyer checks the item and gives the
          rider a 6-digit delivery code; when the rider enters it, the order is delivered and the seller's payout is
          released.
        </p>
        <p>We are not the seller of any item, and we do not own, inspect or store the goods.</p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old and able to enter into a binding contract under Kenyan law. Sellers must give
        true business and contact details, and a payout number (M-Pesa, Paybill or Till) in their own or their business's
        name.
      </p>
    ),
  },
  {
    id: 'seller-responsibilities',
    title: 'Seller Responsibilities',
    body: (
      <ul>
        <li>Describe each item honestly, with the correct price and photos.</li>
        <li>Sell only items you own and may legally sell.</li>
        <li>Package the item so it travels safely, and hand exactly the item described to the assigned rider.</li>
        <li>Keep your riders' details correct and up to date.</li>
        <li>Never ask a buyer to pay you outside the service for an escrow order.</li>
        <li>Keep your password secret; you are responsible for what is done with your account.</li>
      </ul>
    ),
  },
  {
    id: 'buyer-responsibilities',
    title: 'Buyer Responsibilities',
    body: (
      <ul>
        <li>Pay the exact price shown to our Paybill, using the order's tracking number as the account number.</li>
        <li>
          Confirm your payment with the genuine M-Pesa confirmation code of your own payment. One payment can confirm only
          one order.
        </li>
        <li>Keep your delivery code private, and give it to the rider only after you have checked the item.</li>
        <li>Give a correct delivery address and phone number, and be reachable for the delivery.</li>
        <li>When the order says you pay for delivery, pay the rider the delivery fee at the door.</li>
      </ul>
    ),
  },
  {
    id: 'payment-terms',
    title: 'Payment Terms',
    body: (
      <>
        <p>
          Prices are in Kenya shillings (KSh). The buyer pays the product price into escrow. Our service fee is{' '}
          {SERVICE_FEE_PERCENT} of the product price, rounded to the nearest cent, and is deducted from the seller's
          payout; buyers pay us no fee. The seller receives the price minus the service fee, and minus the delivery cost
          when the seller pays for delivery.
        </p>
        <p>
          Delivery is paid in one of two ways, chosen by the seller for each order: the buyer pays the rider directly at the
          door, outside escrow, or the seller pays, and the rider is paid out of the seller's proceeds at settlement.
        </p>
        <p>
          The service fee is non-refundable once an order has been delivered. Payouts go to the payout number on the
          seller's profile. We may hold a payout while we look into a problem reported with the order.
        </p>
        <p>
          For pay-on-delivery orders the buyer pays our Paybill at the door, and the delivery code is accepted only once
          that payment is confirmed. For cash orders the rider collects the cash, there is no escrow protection, and the
          seller owes the service fee.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery Process',
    body: (
      <>
        <p>
          The seller assigns a rider once the payment is confirmed. The rider accepts the job, photographs the item at
          pickup and delivers it. At the door the buyer checks the item before giving the 6-digit delivery code.
        </p>
        <p>
          Entering the correct code completes the delivery: it confirms that the buyer received the item as described.
          After 5 wrong code entries, code entry is locked until the seller or our team unlocks it. If the seller changes
          the rider, the previous rider's job link stops working.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds and Disputes',
    body: (
      <>
        <p>
          If the item is not what was ordered, the buyer should not give the delivery code. Instead, the buyer asks for a
          refund on their order page and says why. The seller or the rider may also record that the buyer rejected the
          item. Our team reviews the order and decides.
        </p>
        <p>
          When a refund is approved, the order is cancelled and the buyer gets back everything they paid into escrow, by
          M-Pesa. If no rider has been assigned within 72 hours of payment, the buyer may ask for a refund. Before the buyer
          pays, the seller may cancel an order at any time.
        </p>
        <p>
          Once the correct delivery code has been entered, the order counts as received and can no longer be refunded
          through us; please contact the seller about returns. The service fee is non-refundable.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy and Data Protection',
    body: (
      <>
        <p>
          We collect only what we need to run orders, payments, deliveries and support: for sellers, the account email,
          business details, phone numbers and payout details; for buyers, name, phone number, delivery address and the
          M-Pesa confirmation code; for riders, name, phone number and motorbike plate; pickup photos; and the messages you
          send us. We handle personal data under the Kenya Data Protection Act, 2019, and we do not sell it.
        </p>
        <p>
          A seller's payout details are visible only to that seller and to our admins, and admins cannot change them.
        </p>
        <p>
          If a seller does not sign in for 6 months, we permanently delete the account and its personal data. We keep the
          order and payment records, with the personal details removed, because financial records must be kept. You may
          ask us for a copy of your data, or to correct it, through our contact page.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        We hold payments and record deliveries; we are not a party to the sale between seller and buyer, and we do not
        guarantee the quality, safety or legality of items. As far as the law allows, we are not liable for indirect or
        consequential losses, and our total liability for an order is limited to the amount held in escrow for it. Nothing
        in these terms takes away rights you have under Kenyan consumer protection law.
      </p>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited Activities',
    body: (
      <ul>
        <li>Selling illegal, stolen or counterfeit goods, or anything that needs a licence you do not hold.</li>
        <li>Giving false payment confirmations, or using someone else's M-Pesa confirmation code.</li>
        <li>Guessing or sharing delivery codes, or entering a code without the buyer's consent.</li>
        <li>Using the service for fraud or money laundering.</li>
        <li>Interfering with the service, its security, or other people's accounts.</li>
      </ul>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the service and ask us to close your account at any time; open orders must be completed or
        cancelled first. We may suspend or close an account that breaks these terms, for example for fraud or prohibited
        goods; money held for open orders is still settled or refunded. Accounts without a sign-in for 6 months are deleted
        (see Privacy and Data Protection).
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms. The date of the latest version is shown at the top of this page, and we tell sellers
        about important changes by email before they take effect. Using the service after a change means you accept the
        updated terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of Kenya. Any dispute we cannot settle together will be decided by the courts
        of Kenya.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: <p>Questions about these terms, your data or an order? Send us a message and we will get back to you.</p>,
  },
];
