import { TextField } from '@escrow/ui/components/form-field';
import { useAdminT, type AdminT } from '../../i18n/use-admin-t.ts';
import type { PaymentConfigFields } from '../../shared/admin-api.ts';
import type { PaymentConfig } from '../../shared/admin-types.ts';

export const EMPTY_FIELDS: PaymentConfigFields = { businessNumber: '', accountNumber: '', accountName: '' };

export const fieldsOf = (config: PaymentConfig | null | undefined): PaymentConfigFields => ({
  businessNumber: config?.businessNumber ?? '',
  accountNumber: config?.accountNumber ?? '',
  accountName: config?.accountName ?? '',
});

interface PaymentConfigInputsProps {
  fields: PaymentConfigFields;
  onChange: (fields: PaymentConfigFields) => void;
  disabled?: boolean;
}

/** The Paybill buyers pay into: the three fields of the Admin tab and of the Payment Configuration dialog. */
export function PaymentConfigInputs({ fields, onChange, disabled = false }: PaymentConfigInputsProps) {
  const t = useAdminT();
  const set = (name: keyof PaymentConfigFields) => (value: string) => onChange({ ...fields, [name]: value });
  return (
    <>
      <TextField
        label={t('admin.config.businessNumber')}
        name="businessNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        required
        disabled={disabled}
        value={fields.businessNumber}
        onValueChange={set('businessNumber')}
      />
      <TextField label={t('admin.config.accountNumber')} name="accountNumber" autoComplete="off" maxLength={50} required disabled={disabled} value={fields.accountNumber} onValueChange={set('accountNumber')} />
      <TextField label={t('admin.config.accountName')} name="accountName" autoComplete="off" maxLength={100} required disabled={disabled} value={fields.accountName} onValueChange={set('accountName')} />
    </>
  );
}

/** Where the saved values come from, in words. */
export function configSourceText(t: AdminT, config: PaymentConfig): string {
  if (config.source === 'saved') return t('admin.config.source.saved');
  if (config.businessNumber) return t('admin.config.source.default');
  return t('admin.config.source.none');
}
