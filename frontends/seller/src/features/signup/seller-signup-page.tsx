import { withQueryCache } from '@escrow/api-client/query-client';
import { useEffect, useRef, useState } from 'react';
import { failureOf } from '@escrow/api-client/query';
import { sessionOutdated, useSession } from '@escrow/api-client/session';
import { parseOrFirstError, sellerSignupSchema, type SellerPayoutMethod } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { useFormSubmit } from '@escrow/ui/forms/use-form-submit';
import { LoadFailed } from '../../shared/load-failed.tsx';
import { PaymentMethodFields } from '../../shared/payment-method-fields.tsx';
import { sellerApi } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { LogoInput } from '../profile/logo-input.tsx';
import { MobileNotice } from './mobile-notice.tsx';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { Text } from '@escrow/ui/i18n/react';
import { sellerCatalog } from '../../i18n/catalog.ts';
import { useSellerTexts } from '../../i18n/use-seller-texts.ts';
import { localText, useSellerT, type SellerText } from '../../i18n/use-seller-t.ts';
import '../../shared/seller.css';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(sellerCatalog);

/**
 * /seller/signup (spec sections 2 and 5): the seller profile form. No session: to /auth. A
 * seller record already: to the dashboard. Submit stays disabled until the terms are accepted
 * and a payment method and number are given.
 */
function SellerSignupPage({ navigate }: SellerPageProps) {
  const ready = useSellerTexts();
  const t = useSellerT();
  const session = useSession();
  // Set once the profile is created: the dashboard is then reached by that submit, not by the session check.
  const created = useRef(false);
  const [flash] = useState(takeFlash);
  const [fields, setFields] = useState({ businessName: '', location: '', phone: '', whatsapp: '', businessProfile: '', about: '', paymentNumber: '' });
  const [paymentMethod, setPaymentMethod] = useState<SellerPayoutMethod | ''>('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const account = session.data;
  useEffect(() => {
    if (account === null) navigate('/auth', { replace: true });
    else if (account?.sellerId && !created.current) navigate('/seller/dashboard', { replace: true });
  }, [account, navigate]);

  const submit = useFormSubmit(
    (input) => parseOrFirstError(sellerSignupSchema, input),
    () => ({ ...fields, paymentMethod, termsAccepted }),
    // The raw form goes to the server, which applies the same schema.
    () => sellerApi.createProfile({ ...fields, paymentMethod, termsAccepted }, t('catalogue.seller.createProfileFailed')),
    () => {
      // The account has a seller record now: its session answer says so once read again.
      created.current = true;
      void sessionOutdated();
      const done = () => {
        setFlash(t('catalogue.seller.profileCreated'));
        navigate('/seller/dashboard');
      };
      if (!logo) return done();
      // The record exists now; a logo that fails to upload can be added from the profile page.
      void sellerApi.uploadLogo(logo, t('catalogue.sellerProfile.uploadLogoFailed')).then((uploaded) => {
        if (!uploaded.ok) setFlash(t('seller.signup.logoFailed', { created: t('catalogue.seller.profileCreated'), failed: t('catalogue.sellerProfile.uploadLogoFailed'), reason: localText(uploaded.message) }), 'info');
        else setFlash(t('catalogue.seller.profileCreated'));
        navigate('/seller/dashboard');
      });
    },
    t('catalogue.seller.createProfileFailed'),
  );

  if (session.isError && !session.isFetching) return <LoadFailed onRetry={() => void session.refetch()} status={failureOf(session.error).status} />;
  // The Swahili texts are a chunk of their own: loading until they are here.
  if (!ready || !account || account.sellerId) return <LoadingState label={t('seller.signup.checking')} />;

  const canSubmit = termsAccepted && paymentMethod !== '' && fields.paymentNumber.trim() !== '';
  return (
    <section className="form-card form-card--wide" aria-labelledby="signup-title">
      <h1 id="signup-title" className="form-card__title">
        {t('seller.signup.title')}
      </h1>
      <p className="form-card__lead">{t('seller.signup.lead')}</p>
      <MobileNotice />
      {flash && !submit.error ? <FormAlert tone="success">{localText(flash.text)}</FormAlert> : null}
      <form className="form" noValidate onSubmit={submit.onSubmit}>
        {submit.error ? <FormAlert tone="error">{localText(submit.error)}</FormAlert> : null}
        <TextField label={t('seller.profile.businessName')} name="businessName" autoComplete="organization" required maxLength={100} value={fields.businessName} onValueChange={set('businessName')} />
        <TextField label={t('seller.profile.location')} name="location" autoComplete="address-level2" required maxLength={100} placeholder={t('seller.signup.locationExample')} value={fields.location} onValueChange={set('location')} />
        <TextField label={t('seller.profile.phone')} name="phone" type="tel" autoComplete="tel" inputMode="tel" required placeholder={t('seller.examplePhone')} value={fields.phone} onValueChange={set('phone')} />
        <TextField label={t('seller.profile.whatsapp')} name="whatsapp" type="tel" inputMode="tel" placeholder={t('seller.examplePhone')} value={fields.whatsapp} onValueChange={set('whatsapp')} />
        <TextAreaField label={t('seller.signup.businessProfile')} name="businessProfile" rows={3} maxLength={500} value={fields.businessProfile} onValueChange={set('businessProfile')} />
        <TextAreaField label={t('seller.profile.aboutLabel')} name="about" rows={4} maxLength={1000} value={fields.about} onValueChange={set('about')} />
        <LogoInput file={logo} onFileChange={setLogo} />
        <PaymentMethodFields method={paymentMethod} number={fields.paymentNumber} onMethodChange={setPaymentMethod} onNumberChange={set('paymentNumber')} />
        <label className="checkbox-field">
          <input type="checkbox" name="termsAccepted" checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />
          <span>
            <Text<SellerText> id="seller.signup.acceptTerms" components={{ 0: <a href="/terms" target="_blank" rel="noopener" /> }} />
          </span>
        </label>
        <SubmitButton busy={submit.busy} busyLabel={t('seller.signup.busy')} disabled={!canSubmit}>
          {t('seller.signup.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

export default withQueryCache(SellerSignupPage);
