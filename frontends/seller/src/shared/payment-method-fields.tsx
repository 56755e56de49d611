import { SELLER_PAYOUT_METHODS, type SellerPayoutMethod } from '@escrow/core/validation';
import { TextField } from '@escrow/ui/components/form-field';
import { useSellerT, type SellerText } from '../i18n/use-seller-t.ts';

/** Each method's example, in the page's language (the core's `paymentNumberInputFor` has the English labels and examples). */
const EXAMPLES: Record<SellerPayoutMethod, SellerText> = {
  direct_mpesa: 'seller.examplePhone',
  paybill: 'seller.payout.example.paybill',
  till_number: 'seller.payout.example.till',
};

interface PaymentMethodFieldsProps {
  method: SellerPayoutMethod | '';
  number: string;
  onMethodChange: (method: SellerPayoutMethod) => void;
  onNumberChange: (number: string) => void;
}

/** How the seller is paid: the method, then a number whose label and example fit it (spec section 5). */
export function PaymentMethodFields({ method, number, onMethodChange, onNumberChange }: PaymentMethodFieldsProps) {
  const t = useSellerT();
  return (
    <>
      <fieldset className="radio-group">
        <legend>{t('seller.payout.howToPay')}</legend>
        {SELLER_PAYOUT_METHODS.map((value) => (
          <label key={value} className="radio-option">
            <input type="radio" name="paymentMethod" value={value} checked={method === value} onChange={() => onMethodChange(value)} />
            {t(`seller.payout.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={method ? t(`seller.payout.label.${method}`) : t('seller.payout.numberLabel')}
        name="paymentNumber"
        inputMode="numeric"
        autoComplete={method === 'direct_mpesa' ? 'tel' : 'off'}
        placeholder={method ? t(EXAMPLES[method]) : undefined}
        required
        value={number}
        onValueChange={onNumberChange}
        hint={method ? undefined : t('seller.payout.chooseFirst')}
      />
    </>
  );
}
