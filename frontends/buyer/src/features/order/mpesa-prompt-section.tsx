import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useState } from 'react';
import { localMpesaPhone, phoneFieldValue } from './mpesa-phone.ts';
import { MpesaPromptPanel } from './mpesa-prompt-panel.tsx';
import { useMpesaPrompt, type MpesaPromptOptions } from './use-mpesa-prompt.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import { Text } from '@escrow/ui/i18n/react';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

export interface MpesaPromptSectionProps extends MpesaPromptOptions {
  /** Integer cents: the order's price, what the prompt asks for. */
  price: number;
  /** The buyer's phone as the seller entered it (E.164), to prefill the field. */
  buyerPhone: string | undefined;
}

/**
 * "Pay with M-Pesa" in one tap: the buyer confirms the number, M-Pesa shows a PIN prompt on
 * that phone (STK Push), and this section follows the prompt until it is paid or failed.
 */
export function MpesaPromptSection({ price, buyerPhone, ...options }: MpesaPromptSectionProps) {
  const t = useBuyerT();
  const [phone, setPhone] = useState(() => phoneFieldValue(buyerPhone));
  const [backToForm, setBackToForm] = useState(false);
  const stk = useMpesaPrompt(options);
  const { problem } = stk;

  /** Sends the prompt; false when the number is not one M-Pesa can prompt (nothing is sent). */
  const pay = (): boolean => {
    const local = localMpesaPhone(phone);
    if (local === null) {
      stk.rejectPhone(t('catalogue.validation.phone.invalid'));
      return false;
    }
    stk.send(local);
    return true;
  };
  const alert = problem?.where === 'alert' ? <FormAlert tone="error">{problem.message}</FormAlert> : null;

  if (stk.prompt) {
    return (
      <div className="mpesa-prompt">
        <MpesaPromptPanel
          prompt={stk.prompt}
          autoFocus={stk.tapped}
          sending={stk.sending}
          stoppedChecking={stk.stoppedChecking}
          alert={alert}
          onRetry={() => void pay()}
          onCheckAgain={stk.checkAgain}
          onOtherNumber={() => {
            setBackToForm(true);
            stk.dismiss();
          }}
        />
      </div>
    );
  }
  return (
    <form
      className="form mpesa-prompt"
      noValidate
      aria-label={t('buyer.prompt.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        const field = event.currentTarget.elements.namedItem('mpesaPhone');
        if (!pay() && field instanceof HTMLInputElement) field.focus();
      }}
    >
      <TextField
        label={t('buyer.prompt.phone')}
        name="mpesaPhone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={20}
        autoFocus={backToForm || problem?.where === 'phone'}
        value={phone}
        onValueChange={setPhone}
        error={problem?.where === 'phone' ? problem.message : null}
        hint={t('buyer.prompt.phoneHint')}
      />
      {alert}
      <SubmitButton busy={stk.sending} busyLabel={t('buyer.prompt.sending')}>
        {/* One flex item (the button is a flex box) that breaks between the amount and "with M-Pesa" on a narrow phone, never inside either. */}
        <span>
          <Text<BuyerText> id="buyer.prompt.pay" values={{ amount: formatKsh(price) }} components={{ 0: <span className="nowrap" />, 1: <span className="nowrap" /> }} />
        </span>
      </SubmitButton>
    </form>
  );
}
