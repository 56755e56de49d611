import { paymentNumberInputFor, SELLER_PAYOUT_METHODS, type SellerPayoutMethod } from '@escrow/core/validation';
import { TextField } from '@escrow/ui/components/form-field';

const LABELS: Record<SellerPayoutMethod, string> = {
  direct_mpesa: 'M-Pesa (phone number)',
  paybill: 'Paybill',
  till_number: 'Till Number (Buy Goods)',
};

interface PaymentMethodFieldsProps {
  method: SellerPayoutMethod | '';
  number: string;
  onMethodChange: (method: SellerPayoutMethod) => void;
  onNumberChange: (number: string) => void;
}

/** How the seller is paid: the method, then a number whose label and example fit it (spec section 5). */
export function PaymentMethodFields({ method, number, onMethodChange, onNumberChange }: PaymentMethodFieldsProps) {
  const input = method ? paymentNumberInputFor(method) : null;
  return (
    <>
      <fieldset className="radio-group">
        <legend>How should we pay you?</legend>
        {SELLER_PAYOUT_METHODS.map((value) => (
          <label key={value} className="radio-option">
            <input type="radio" name="paymentMethod" value={value} checked={method === value} onChange={() => onMethodChange(value)} />
            {LABELS[value]}
          </label>
        ))}
      </fieldset>
      <TextField
        label={input?.label ?? 'Payment number'}
        name="paymentNumber"
        inputMode="numeric"
        autoComplete={method === 'direct_mpesa' ? 'tel' : 'off'}
        placeholder={input?.placeholder}
        required
        value={number}
        onValueChange={onNumberChange}
        hint={method ? undefined : 'Choose a payment method first.'}
      />
    </>
  );
}
