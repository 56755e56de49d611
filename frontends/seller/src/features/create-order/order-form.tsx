import { useRef, useState, type FormEvent } from 'react';
import { catalogue } from '@escrow/core/messages';
import { orderFormSchema, parseOrFirstError, type DeliveryPayer, type OrderPaymentMethod } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type SellerOrderView } from '../../shared/orders-api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { FeePreview, previewMoney } from './fee-preview.tsx';
import { PhotoInput, photoProblem } from './photo-input.tsx';

const EMPTY = { itemName: '', price: '', buyerName: '', buyerPhone: '', buyerAddress: '', pinLocationLink: '', landmark: '', houseNumber: '', estate: '', pickupLocation: '', deliveryCost: '', buyerCashAmount: '' };
type TextFields = typeof EMPTY;

const PAYMENT_METHODS: readonly { value: OrderPaymentMethod; label: string; hint: string }[] = [
  { value: 'mpesa_prepay', label: 'M-Pesa, paid before delivery', hint: 'The buyer pays into escrow first; you dispatch once payment is confirmed.' },
  { value: 'mpesa_pod', label: 'M-Pesa on delivery', hint: 'The buyer pays the Paybill at the door, before getting the code.' },
  { value: 'cash', label: 'Cash on delivery', hint: 'The rider collects cash from the buyer.' },
];

const DELIVERY_PAYERS: readonly { value: DeliveryPayer; label: string; hint: string }[] = [
  { value: 'buyer', label: 'The buyer', hint: 'Paid to the rider at the door.' },
  { value: 'seller', label: 'Me', hint: 'Taken from your payout and paid to the rider.' },
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
  const [fields, setFields] = useState<TextFields>(EMPTY);
  const [paymentMethod, setPaymentMethod] = useState<OrderPaymentMethod>('mpesa_prepay');
  const [deliveryPaidBy, setDeliveryPaidBy] = useState<DeliveryPayer>('buyer');
  const [productPhoto, setProductPhoto] = useState<File | null>(null);
  const [packagedPhoto, setPackagedPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The same order sent again (after a lost answer) keeps its key, so it is created once.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const set = (name: keyof TextFields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const values = { ...fields, paymentMethod, deliveryPaidBy, buyerCashAmount: paymentMethod === 'cash' ? fields.buyerCashAmount : '' };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(orderFormSchema, values);
    if (!parsed.ok) return setError(parsed.message);
    const money = previewMoney(values, feeBasisPoints);
    if (money && !money.ok) return setError(money.refusal);
    const photoError = photoProblem(productPhoto, 'Product photo') ?? photoProblem(packagedPhoto, 'Packaged photo');
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
    void ordersApi.createOrder(form, catalogue.seller.createOrderFailed, attempt.current.key).then((result) => {
      setBusy(false);
      if (!result.ok) return setError(failureText(result, catalogue.seller.createOrderFailed));
      onCreated(result.data.order, result.data.message);
    });
  };

  return (
    <form className="form create-order" noValidate onSubmit={submit} aria-labelledby="create-order-title">
        <fieldset className="form-section">
          <legend className="form-section__title">Item</legend>
          <TextField label="Item name" name="itemName" required maxLength={200} placeholder="e.g. iPhone 13, 128 GB" value={fields.itemName} onValueChange={set('itemName')} />
          <TextField label="Price (KSh)" name="price" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.price} onValueChange={set('price')} />
          <PhotoInput label="Product photo" name="productPhoto" file={productPhoto} onFileChange={setProductPhoto} hint="The buyer sees it on the order page." />
          <PhotoInput label="Packaged photo" name="packagedPhoto" file={packagedPhoto} onFileChange={setPackagedPhoto} hint="The item packed for the rider." />
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">Buyer and delivery</legend>
          <TextField label="Buyer name" name="buyerName" autoComplete="off" required maxLength={100} value={fields.buyerName} onValueChange={set('buyerName')} />
          <TextField label="Buyer phone" name="buyerPhone" type="tel" inputMode="tel" autoComplete="off" required placeholder="e.g. 0712345678" value={fields.buyerPhone} onValueChange={set('buyerPhone')} />
          <TextField label="Delivery address" name="buyerAddress" autoComplete="off" required maxLength={500} value={fields.buyerAddress} onValueChange={set('buyerAddress')} />
          <TextField label="Pin location link" name="pinLocationLink" type="url" inputMode="url" autoComplete="off" placeholder="https://maps.app.goo.gl/…" value={fields.pinLocationLink} onValueChange={set('pinLocationLink')} hint="A Google Maps link the rider can open." />
          <TextField label="Landmark" name="landmark" autoComplete="off" maxLength={200} value={fields.landmark} onValueChange={set('landmark')} />
          <TextField label="House number" name="houseNumber" autoComplete="off" maxLength={200} value={fields.houseNumber} onValueChange={set('houseNumber')} />
          <TextField label="Estate" name="estate" autoComplete="off" maxLength={200} value={fields.estate} onValueChange={set('estate')} />
          <TextField label="Pickup location" name="pickupLocation" autoComplete="off" maxLength={200} placeholder={sellerLocation} value={fields.pickupLocation} onValueChange={set('pickupLocation')} hint={`Leave empty to use your location: ${sellerLocation}.`} />
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">Delivery and payment</legend>
          <TextField label="Delivery cost (KSh)" name="deliveryCost" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.deliveryCost} onValueChange={set('deliveryCost')} />
          <ChoiceGroup legend="Who pays the delivery?" name="deliveryPaidBy" value={deliveryPaidBy} options={DELIVERY_PAYERS} onChange={setDeliveryPaidBy} />
          <ChoiceGroup legend="How does the buyer pay?" name="paymentMethod" value={paymentMethod} options={PAYMENT_METHODS} onChange={setPaymentMethod} />
          {paymentMethod === 'cash' ? (
            <TextField label="Cash the rider collects (KSh)" name="buyerCashAmount" type="number" inputMode="decimal" min={0} step={0.01} required value={fields.buyerCashAmount} onValueChange={set('buyerCashAmount')} />
          ) : null}
        </fieldset>

        <FeePreview input={values} feeBasisPoints={feeBasisPoints} />
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <SubmitButton busy={busy} busyLabel="Creating order…">
          Create Order
        </SubmitButton>
    </form>
  );
}
