import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { parseOrFirstError, sellerPaymentInfoSchema, type SellerPayoutMethod } from '@escrow/core/validation';
import { SubmitButton } from '@escrow/ui/components/form-field';
import { PaymentMethodFields } from '../../shared/payment-method-fields.tsx';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import { SectionStatus } from './section-status.tsx';
import { useSectionSave } from './use-section-save.ts';

export function PaymentInfoSection({ profile, onSaved }: { profile: SellerProfile; onSaved: (p: SellerProfile) => void }) {
  const [method, setMethod] = useState<SellerPayoutMethod | ''>(profile.paymentMethod);
  const [number, setNumber] = useState(profile.paymentNumber);
  const save = useSectionSave({
    parse: (input) => parseOrFirstError(sellerPaymentInfoSchema, input),
    values: () => ({ paymentMethod: method, paymentNumber: number }),
    send: () => sellerApi.updatePaymentInfo({ paymentMethod: method, paymentNumber: number }, catalogue.sellerProfile.updatePaymentInformationFailed),
    success: catalogue.sellerProfile.paymentInformationUpdated,
    onSaved,
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      <p className="section-note">Your proceeds are paid here. Only you and the platform admins can see it; admins cannot change it.</p>
      <SectionStatus outcome={save.outcome} />
      <PaymentMethodFields method={method} number={number} onMethodChange={setMethod} onNumberChange={setNumber} />
      <SubmitButton busy={save.busy} busyLabel="Saving…">
        Save Payment Information
      </SubmitButton>
    </form>
  );
}
