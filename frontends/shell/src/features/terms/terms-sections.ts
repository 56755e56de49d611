import type { TermsMessageId } from './terms-en.ts';

export interface TermsSection {
  /** The fragment of the section's link, e.g. /terms#privacy. */
  readonly id: string;
  readonly title: TermsMessageId;
  /** The section's text: paragraphs, or the items of a list. */
  readonly kind: 'paragraphs' | 'items';
  readonly texts: readonly TermsMessageId[];
}

const section = (id: string, kind: TermsSection['kind'], count: number): TermsSection => ({
  id,
  title: `terms.${id}.title` as TermsMessageId,
  kind,
  texts: Array.from({ length: count }, (_, index) => `terms.${id}.${index}` as TermsMessageId),
});

/**
 * The 15 sections of the terms (spec section 2), written to match ../shared/PRODUCT-DECISIONS.md:
 * the fee is 2.5% of the product price and non-refundable, a refund returns everything paid
 * into escrow, the delivery code completes an order, inactive accounts are deleted after 6
 * months, users are 18 or older, Kenyan law applies. Their words: terms-en.ts and terms-sw.ts.
 */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  section('acceptance', 'paragraphs', 1),
  section('service', 'paragraphs', 2),
  section('eligibility', 'paragraphs', 1),
  section('seller-responsibilities', 'items', 6),
  section('buyer-responsibilities', 'items', 5),
  section('payment-terms', 'paragraphs', 4),
  section('delivery', 'paragraphs', 2),
  section('refunds', 'paragraphs', 3),
  section('privacy', 'paragraphs', 3),
  section('liability', 'paragraphs', 1),
  section('prohibited', 'items', 5),
  section('termination', 'paragraphs', 1),
  section('changes', 'paragraphs', 1),
  section('governing-law', 'paragraphs', 1),
  section('contact', 'paragraphs', 1),
];
