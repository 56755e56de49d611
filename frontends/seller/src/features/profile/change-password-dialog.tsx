import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { changePasswordSchema, parseOrFirstError } from '@escrow/core/validation';
import { Dialog, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { sellerApi } from '../../shared/seller-api.ts';

/**
 * Security: Change Password (spec sections 2, 5 and 8). The button stays disabled until all
 * three fields are filled; the current password must be right. Every other device is signed
 * out; this one stays signed in.
 */
export function ChangePasswordDialog({ onChanged }: { onChanged: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const submit = useFormSubmit(
    (input) => parseOrFirstError(changePasswordSchema, input),
    () => fields,
    (body) => sellerApi.changePassword(body, catalogue.passwordChange.updatePasswordFailed),
    () => {
      setOpen(false);
      setFields({ currentPassword: '', newPassword: '', confirmPassword: '' });
      onChanged(catalogue.passwordChange.passwordUpdated);
    },
    catalogue.passwordChange.updatePasswordFailed,
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
          Change Password
        </button>
      }
      title="Change Password"
      description="You stay signed in here; every other device is signed out."
    >
      <form className="form" noValidate onSubmit={submit.onSubmit}>
        {submit.error ? <FormAlert tone="error">{submit.error}</FormAlert> : null}
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required value={fields.currentPassword} onValueChange={set('currentPassword')} />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={fields.newPassword}
          onValueChange={set('newPassword')}
          hint="At least 6 characters, with an uppercase letter, a number and a special character."
        />
        <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required minLength={6} value={fields.confirmPassword} onValueChange={set('confirmPassword')} />
        <SubmitButton busy={submit.busy} busyLabel="Updating…" disabled={!allFilled}>
          Update Password
        </SubmitButton>
        <DialogClose block>Cancel</DialogClose>
      </form>
    </Dialog>
  );
}
