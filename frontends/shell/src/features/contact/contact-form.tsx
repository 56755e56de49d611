import { useId, useState, type FormEvent } from 'react';
import { contactFormSchema, fieldOrderOf, firstErrorMessage, type ContactFormInput } from '@escrow/core/validation';
import { useLocalText } from '@escrow/ui/i18n/local-text';
import { usePagesT } from '../../i18n/pages-catalog.ts';
import { ContactNotice, type Notice } from './contact-notice.tsx';
import { sendContactMessage } from './send-contact-message.ts';

type Field = 'name' | 'email' | 'phone' | 'message';

const FIELD_ORDER = fieldOrderOf(contactFormSchema) as readonly Field[];
const EMPTY: Record<Field, string> = { name: '', email: '', phone: '', message: '' };

// Spec section 9: name 100, email 255, phone 20, message 1000 characters; message box 6 rows.
const LIMITS: Record<Field, number> = { name: 100, email: 255, phone: 20, message: 1000 };


/**
 * The contact form. The same zod schema as the server (core's contactFormSchema) checks it
 * first, and the first failing message is shown as 'Validation Error' (spec section 5).
 * This module is loaded on its own, after the rest of the contact page: zod is about 25 kB
 * gzipped and no other public page needs it.
 */
export default function ContactForm() {
  const t = usePagesT();
  const message = useLocalText();
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [invalidField, setInvalidField] = useState<Field | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();
  const noticeId = `${id}-notice`;

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    maxLength: LIMITS[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (invalidField === field) setInvalidField(null);
    },
    'aria-invalid': invalidField === field ? true : undefined,
    'aria-describedby': [invalidField === field ? noticeId : '', field === 'message' ? `${id}-message-count` : '']
      .filter(Boolean)
      .join(' ') || undefined,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const input: ContactFormInput = values;
    const parsed = contactFormSchema.safeParse(input);
    if (!parsed.success) {
      const field = FIELD_ORDER.find((name) => parsed.error.issues.some((issue) => issue.path[0] === name)) ?? null;
      setInvalidField(field);
      setNotice({ tone: 'error', title: t('catalogue.contact.validationErrorTitle'), text: message(firstErrorMessage(parsed.error, FIELD_ORDER)) });
      // Straight to the field to fix; the alert above the button says what is wrong.
      if (field) document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setSending(true);
    setNotice(null);
    const outcome = await sendContactMessage(parsed.data);
    setSending(false);
    if (outcome.kind === 'sent') {
      setValues(EMPTY);
      setInvalidField(null);
      setNotice({ tone: 'success', title: t('catalogue.contact.sentTitle'), text: t('catalogue.contact.sentDescription') });
    } else if (outcome.kind === 'refused') {
      // Where the server supplies a message it is shown (spec section 8).
      const title = outcome.status === 400 ? t('catalogue.contact.validationErrorTitle') : t('catalogue.contact.errorTitle');
      setNotice({ tone: 'error', title, text: message(outcome.message) });
    } else {
      setNotice({ tone: 'error', title: t('catalogue.contact.errorTitle'), text: t('catalogue.contact.sendFailed') });
    }
  }

  return (
    <form className="contact-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending || undefined}>
      <div className="contact-field">
        <label htmlFor={`${id}-name`}>{t('pages.contact.name')}</label>
        <input {...fieldProps('name')} type="text" autoComplete="name" required />
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}-email`}>{t('pages.email')}</label>
        <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" required />
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}-phone`}>
          {t('pages.contact.phone')} <span className="contact-field__optional">{t('pages.contact.optional')}</span>
        </label>
        <input {...fieldProps('phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="0712 345 678" />
      </div>
      <div className="contact-field">
        <label htmlFor={`${id}-message`}>{t('pages.contact.message')}</label>
        <textarea {...fieldProps('message')} rows={6} required />
        <p id={`${id}-message-count`} className="contact-field__hint">
          {t('pages.contact.count', { count: String(values.message.length), limit: String(LIMITS.message) })}
        </p>
      </div>

      <div className="contact-form__notice">{notice ? <ContactNotice id={noticeId} notice={notice} /> : null}</div>

      <button type="submit" className="button button--block" disabled={sending}>
        {sending ? t('pages.contact.sending') : t('pages.contact.send')}
      </button>
    </form>
  );
}
