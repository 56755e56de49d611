import { useState } from 'react';
import { changePasswordSchema, parseOrFirstError } from '@escrow/core/validation';
import { Dialog, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { sellerApi } from '../../shared/seller-api.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * Security: Change Password (spec sections 2, 5 and 8). The button stays disabled until all
 * three fields are filled; the current password must be right. Every other device is signed
 * out; this one stays signed in.
 */
export function ChangePasswordDialog({ onChanged }: { onChanged: (message: string) => void }) {
  const t = useSellerT();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const submit = useFormSubmit(
    (input) => parseOrFirstError(changePasswordSchema, input),
    () => fields,
    (body) => sellerApi.changePassword(body, t('catalogue.passwordChange.updatePasswordFailed')),
    () => {
      setOpen(false);
      setFields({ currentPassword: '', newPassword: '', confirmPassword: '' });
      onChanged(t('catalogue.passwordChange.passwordUpdated'));
    },
    t('catalogue.passwordChange.updatePasswordFailed'),
  );
  const allFilled = fields.currentPassword !== '' && fields.newPassword !== '' && fields.confirmPassword !== '';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) submit.setError(null);
      }}
      size="small"
      trigger={
        <button type="button" className="button button--secondary">
          {t('seller.password.button')}
        </button>
      }
      title={t('seller.password.button')}
      description={t('seller.password.description')}
    >
      <form className="form" noValidate onSubmit={submit.onSubmit}>
        {submit.error ? <FormAlert tone="error">{localText(submit.error)}</FormAlert> : null}
        <TextField label={t('seller.password.current')} name="currentPassword" type="password" autoComplete="current-password" required value={fields.currentPassword} onValueChange={set('currentPassword')} />
        <TextField
          label={t('seller.password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={fields.newPassword}
          onValueChange={set('newPassword')}
          hint={t('seller.password.newHint')}
        />
        <TextField label={t('seller.password.confirm')} name="confirmPassword" type="password" autoComplete="new-password" required minLength={6} value={fields.confirmPassword} onValueChange={set('confirmPassword')} />
        <SubmitButton busy={submit.busy} busyLabel={t('seller.password.busy')} disabled={!allFilled}>
          {t('seller.password.submit')}
        </SubmitButton>
        <DialogClose block>{t('seller.password.cancel')}</DialogClose>
      </form>
    </Dialog>
  );
}
