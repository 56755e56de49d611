import { useRef, useState, type FormEvent } from 'react';
import { orderFormSchema, parseOrFirstError, type DeliveryPayer, type OrderPaymentMethod } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type SellerOrderView } from '../../shared/orders-api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { FeePreview, previewMoney } from './fee-preview.tsx';
import { PhotoInput, photoProblem } from './photo-input.tsx';
import { localText, useSellerT, type SellerText } from '../../i18n/use-seller-t.ts';
import { useLocale } from '@escrow/ui/i18n/react';
import { LOCALE_NAMES, LOCALES, type Locale } from '@escrow/core/i18n';

const EMPTY = { itemName: '', price: '', buyerName: '', buyerPhone: '', buyerAddress: '', pinLocationLink: '', landmark: '', houseNumber: '', estate: '', pickupLocation: '', deliveryCost: '', buyerCashAmount: '' };
type TextFields = typeof EMPTY;

/** The options' texts by id. */
const PAYMENT_METHODS: readonly { value: OrderPaymentMethod; label: SellerText; hint: SellerText }[] = [
  { value: 'mpesa_prepay', label: 'seller.method.mpesa_prepay', hint: 'seller.create.hint.mpesa_prepay' },
  { value: 'mpesa_pod', label: 'seller.method.mpesa_pod', hint: 'seller.create.hint.mpesa_pod' },
  { value: 'cash', label: 'seller.method.cash', hint: 'seller.create.hint.cash' },
];

const DELIVERY_PAYERS: readonly { value: DeliveryPayer; label: SellerText; hint: SellerText }[] = [
  { value: 'buyer', label: 'seller.create.payer.buyer', hint: 'seller.create.payer.buyerHint' },
  { value: 'seller', label: 'seller.create.payer.seller', hint: 'seller.create.payer.sellerHint' },
];

interface OrderFormProps {
  feeBasisPoints: number;
  sellerLocation: string;
  onCreated: (order: SellerOrderView, message: string) => void;
}

/**
 * The order form of spec section 5, checked with the same schema the server applies
 * (`orderFormSchema`) plus the fee rule (`computeOrderMoney`), then sent as multipart with the
 * photos. The server computes fee, payouts, code and tracking number; nothing of them is sent.
 */
export function OrderForm({ feeBasisPoints, sellerLocation, onCreated }: OrderFormProps) {
  const t = useSellerT();
  const [fields, setFields] = useState<TextFields>(EMPTY);
  const [paymentMethod, setPaymentMethod] = useState<OrderPaymentMethod>('mpesa_prepay');
  const [deliveryPaidBy, setDeliveryPaidBy] = useState<DeliveryPayer>('buyer');
  // The language of the buyer's SMS (decision 0066): the page's own language until the seller picks one.
  const pageLocale = useLocale();
  const [chosenBuyerLocale, setBuyerLocale] = useState<Locale | null>(null);
  const buyerLocale = chosenBuyerLocale ?? pageLocale;
  const [productPhoto, setProductPhoto] = useState<File | null>(null);
  const [packagedPhoto, setPackagedPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The same order sent again (after a lost answer) keeps its key, so it is created once.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const set = (name: keyof TextFields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const values = { ...fields, paymentMethod, deliveryPaidBy, buyerLocale, buyerCashAmount: paymentMethod === 'cash' ? fields.buyerCashAmount : '' };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(orderFormSchema, values);
    if (!parsed.ok) return setError(localText(parsed.message));
    const money = previewMoney(values, feeBasisPoints);
    if (money && !money.ok) return setError(t(money.refusal));
    const photoError = photoProblem(productPhoto, t('seller.productPhoto')) ?? photoProblem(packagedPhoto, t('seller.packagedPhoto'));
    if (photoError) return setError(photoError);

    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    if (productPhoto) form.set('productPhoto', productPhoto);
    if (packagedPhoto) form.set('packagedPhoto', packagedPhoto);
    const photoKey = (file: File | null) => (file ? [file.name, file.size, file.lastModified] : null);
    const fingerprint = JSON.stringify([values, photoKey(productPhoto), photoKey(packagedPhoto)]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };

    setError(null);
    setBusy(true);
    const failed = t('catalogue.seller.createOrderFailed');
    void ordersApi.createOrder(form, failed, attempt.current.key).then((result) => {
      setBusy(false);
      if (!result.ok) return setError(failureText(result, failed));
      onCreated(result.data.order, result.data.message);
    });
  };

  return (
    <form className="form create-order" noValidate onSubmit={submit} aria-labelledby="create-order-title">
        <fieldset className="form-section">
          <legend className="form-section__title">{t('seller.create.item')}</legend>
          <TextField label={t('seller.create.itemName')} name="itemName" required maxLength={200} placeholder={t('seller.create.itemExample')} value={fields.itemName} onValueChange={set('itemName')} />
          <TextField label={t('seller.create.price')} name="price" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.price} onValueChange={set('price')} />
          <PhotoInput label={t('seller.productPhoto')} name="productPhoto" file={productPhoto} onFileChange={setProductPhoto} hint={t('seller.create.productPhotoHint')} />
          <PhotoInput label={t('seller.packagedPhoto')} name="packagedPhoto" file={packagedPhoto} onFileChange={setPackagedPhoto} hint={t('seller.create.packagedPhotoHint')} />
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">{t('seller.create.buyerAndDelivery')}</legend>
          <TextField label={t('seller.create.buyerName')} name="buyerName" autoComplete="off" required maxLength={100} value={fields.buyerName} onValueChange={set('buyerName')} />
          <TextField label={t('seller.create.buyerPhone')} name="buyerPhone" type="tel" inputMode="tel" autoComplete="off" required placeholder={t('seller.examplePhone')} value={fields.buyerPhone} onValueChange={set('buyerPhone')} />
          <TextField label={t('seller.create.address')} name="buyerAddress" autoComplete="off" required maxLength={500} value={fields.buyerAddress} onValueChange={set('buyerAddress')} />
          <TextField label={t('seller.create.pin')} name="pinLocationLink" type="url" inputMode="url" autoComplete="off" placeholder="https://maps.app.goo.gl/…" value={fields.pinLocationLink} onValueChange={set('pinLocationLink')} hint={t('seller.create.pinHint')} />
          <TextField label={t('seller.create.landmark')} name="landmark" autoComplete="off" maxLength={200} value={fields.landmark} onValueChange={set('landmark')} />
          <TextField label={t('seller.create.houseNumber')} name="houseNumber" autoComplete="off" maxLength={200} value={fields.houseNumber} onValueChange={set('houseNumber')} />
          <TextField label={t('seller.create.estate')} name="estate" autoComplete="off" maxLength={200} value={fields.estate} onValueChange={set('estate')} />
          <TextField label={t('seller.create.pickup')} name="pickupLocation" autoComplete="off" maxLength={200} placeholder={sellerLocation} value={fields.pickupLocation} onValueChange={set('pickupLocation')} hint={t('seller.create.pickupHint', { location: sellerLocation })} />
          <ChoiceGroup
            legend={t('seller.create.buyerLanguage')}
            name="buyerLocale"
            value={buyerLocale}
            // Each language named in itself, as the language switch names it.
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            onChange={setBuyerLocale}
          />
          <p className="field__hint">{t('seller.create.buyerLanguageHint')}</p>
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">{t('seller.create.deliveryAndPayment')}</legend>
          <TextField label={t('seller.create.deliveryCost')} name="deliveryCost" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.deliveryCost} onValueChange={set('deliveryCost')} />
          <ChoiceGroup legend={t('seller.create.whoPaysDelivery')} name="deliveryPaidBy" value={deliveryPaidBy} options={DELIVERY_PAYERS.map((o) => ({ value: o.value, label: t(o.label), hint: t(o.hint) }))} onChange={setDeliveryPaidBy} />
          <ChoiceGroup legend={t('seller.create.howBuyerPays')} name="paymentMethod" value={paymentMethod} options={PAYMENT_METHODS.map((o) => ({ value: o.value, label: t(o.label), hint: t(o.hint) }))} onChange={setPaymentMethod} />
          {paymentMethod === 'cash' ? (
            <TextField label={t('seller.create.cashAmount')} name="buyerCashAmount" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.buyerCashAmount} onValueChange={set('buyerCashAmount')} />
          ) : null}
        </fieldset>

        <FeePreview input={values} feeBasisPoints={feeBasisPoints} />
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <SubmitButton busy={busy} busyLabel={t('seller.create.busy')}>
          {t('seller.create.submit')}
        </SubmitButton>
    </form>
  );
}
