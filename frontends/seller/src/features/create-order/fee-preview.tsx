import { computeOrderMoney, feePolicy, type Cents, type DeliveryPaidBy } from '@escrow/core/money';
import { parseKshToCents, type OrderPaymentMethod } from '@escrow/core/validation';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useSellerT } from '../../i18n/use-seller-t.ts';

export interface MoneyInput {
  readonly price: string;
  readonly deliveryCost: string;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly paymentMethod: OrderPaymentMethod;
  readonly buyerCashAmount: string;
}

/** 250 basis points -> '2.5%'. */
export const feePercentText = (basisPoints: number): string => `${basisPoints / 100}%`;

/**
 * The fee and payouts the server will compute, computed by the same core rule on the policy
 * the server answered (GET /api/seller/fee-policy): the preview and the order agree to the cent.
 * `refusal` is (the id of) the server's message for a seller-paid delivery above the price minus the fee.
 */
export function previewMoney(input: MoneyInput, feeBasisPoints: number) {
  const price = parseKshToCents(input.price);
  const deliveryCost = parseKshToCents(input.deliveryCost);
  const policy = feePolicy(feeBasisPoints);
  if (price === null || deliveryCost === null || !policy.ok) return null;
  const money = computeOrderMoney({ price: price as Cents, deliveryCost: deliveryCost as Cents, deliveryPaidBy: input.deliveryPaidBy, policy: policy.value });
  return money.ok ? { ok: true as const, money: money.value } : { ok: false as const, refusal: 'catalogue.errors.deliveryCostExceedsProceeds' as const };
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'money-row money-row--strong' : 'money-row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The preview card beside the form: updates as the seller types. */
export function FeePreview({ input, feeBasisPoints }: { input: MoneyInput; feeBasisPoints: number }) {
  const t = useSellerT();
  const preview = previewMoney(input, feeBasisPoints);
  const cash = parseKshToCents(input.buyerCashAmount);
  return (
    <section className="seller-card fee-preview" aria-labelledby="fee-preview-title" aria-live="polite">
      <h2 id="fee-preview-title" className="seller-card__title">
        {t('seller.fee.title')}
      </h2>
      {preview === null ? (
        <p className="section-note">{t('seller.fee.enterAmounts')}</p>
      ) : !preview.ok ? (
        <p className="form-alert form-alert--error">{t(preview.refusal)}</p>
      ) : (
        <dl className="money-list">
          <Row label={t('seller.price')} value={formatKsh(preview.money.price)} />
          <Row label={t('seller.fee.serviceFee', { percent: feePercentText(feeBasisPoints) })} value={`- ${formatKsh(preview.money.serviceFee)}`} />
          {preview.money.deliveryDeduction > 0 ? <Row label={t('seller.fee.deliveryByYou')} value={`- ${formatKsh(preview.money.deliveryDeduction)}`} /> : null}
          <Row label={t('seller.youReceive')} value={formatKsh(preview.money.sellerPayout)} strong />
          <Row
            label={input.deliveryPaidBy === 'buyer' ? t('seller.fee.riderFromBuyer') : t('seller.fee.riderAtSettlement')}
            value={formatKsh(preview.money.riderPayout)}
          />
          {input.paymentMethod === 'cash' ? (
            <Row label={t('seller.fee.riderCollects')} value={cash === null ? t('seller.fee.enterCash') : formatKsh(cash)} />
          ) : (
            <Row label={input.paymentMethod === 'mpesa_pod' ? t('seller.fee.buyerPaysAtDoor') : t('seller.fee.buyerPaysFirst')} value={formatKsh(preview.money.price)} />
          )}
        </dl>
      )}
    </section>
  );
}
