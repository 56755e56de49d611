import type { QuestionAnswer } from '@escrow/ui/components/question-accordion';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { Text } from '@escrow/ui/i18n/react';
import type { PagesMessageId } from '../../i18n/pages-en.ts';
import type { PagesText } from '../../i18n/pages-catalog.ts';
import { FAQ_FEE_EXAMPLE, SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { SectionLink } from '../site-chrome/section-link.tsx';

export interface Step {
  readonly title: PagesMessageId;
  readonly text: PagesMessageId;
}

/** The four steps of an escrow order (spec section 2). */
export const STEPS: readonly Step[] = (['create', 'pay', 'deliver', 'settle'] as const).map((step) => ({
  title: `pages.how.step.${step}.title`,
  text: `pages.how.step.${step}.text`,
}));

export interface Guide {
  readonly id: 'sellers' | 'buyers' | 'riders';
  readonly title: PagesMessageId;
  readonly steps: readonly PagesMessageId[];
}

/** Short guides for each kind of user, five steps each. */
export const GUIDES: readonly Guide[] = (['sellers', 'buyers', 'riders'] as const).map((id) => ({
  id,
  title: `pages.how.guide.${id}.title`,
  steps: ([0, 1, 2, 3, 4] as const).map((index): PagesMessageId => `pages.how.guide.${id}.${index}`),
}));

const fee = FAQ_FEE_EXAMPLE;

/** The FAQ's questions, in order: each has its question (`.q`) and answer (`.a`). */
const FAQ_IDS = ['escrow', 'cost', 'paying', 'delivery-code', 'wrong-item', 'delivery-fee', 'payout', 'buyer-account', 'riders', 'data'] as const;
const FAQ_KEYS: Readonly<Record<(typeof FAQ_IDS)[number], string>> = {
  escrow: 'escrow',
  cost: 'cost',
  paying: 'paying',
  'delivery-code': 'code',
  'wrong-item': 'wrongItem',
  'delivery-fee': 'deliveryFee',
  payout: 'payout',
  'buyer-account': 'buyerAccount',
  riders: 'riders',
  data: 'data',
};
const FAQ_VALUES = { percent: SERVICE_FEE_PERCENT, price: formatKsh(fee.price), fee: formatKsh(fee.serviceFee), payout: formatKsh(fee.sellerPayout) };

/** The ten questions of the FAQ (spec section 2), consistent with the product decisions, in the page's language. */
export function faqItems(t: (id: PagesText, values?: Readonly<Record<string, unknown>>) => string): QuestionAnswer[] {
  return FAQ_IDS.map((id) => {
    const key = FAQ_KEYS[id];
    const answer = `pages.how.faq.${key}.a` as PagesMessageId;
    return {
      id,
      question: t(`pages.how.faq.${key}.q` as PagesMessageId),
      answer: (
        <p>
          {id === 'data' ? <Text<PagesText> id={answer} components={{ 0: <SectionLink to="/terms#privacy" /> }} /> : t(answer, FAQ_VALUES)}
        </p>
      ),
    };
  });
}
