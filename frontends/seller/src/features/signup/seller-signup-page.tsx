import { withQueryCache } from '@escrow/api-client/query-client';
import { useEffect, useRef, useState } from 'react';
import { failureOf } from '@escrow/api-client/query';
import { sessionOutdated, useSession } from '@escrow/api-client/session';
import { catalogue } from '@escrow/core/messages';
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
import '../../shared/seller.css';

/**
 * /seller/signup (spec sections 2 and 5): the seller profile form. No session: to /auth. A
 * seller record already: to the dashboard. Submit stays disabled until the terms are accepted
 * and a payment method and number are given.
 */
function SellerSignupPage({ navigate }: SellerPageProps) {
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
    () => sellerApi.createProfile({ ...fields, paymentMethod, termsAccepted }, catalogue.seller.createProfileFailed),
    () => {
      // The account has a seller record now: its session answer says so once read again.
      created.current = true;
      void sessionOutdated();
      const done = () => {
        setFlash(catalogue.seller.profileCreated);
        navigate('/seller/dashboard');
      };
      if (!logo) return done();
      // The record exists now; a logo that fails to upload can be added from the profile page.
      void sellerApi.uploadLogo(logo, catalogue.sellerProfile.uploadLogoFailed).then((uploaded) => {
        if (!uploaded.ok) setFlash(`${catalogue.seller.profileCreated} ${catalogue.sellerProfile.uploadLogoFailed}: ${uploaded.message}`, 'info');
        else setFlash(catalogue.seller.profileCreated);
        navigate('/seller/dashboard');
      });
    },
    catalogue.seller.createProfileFailed,
  );

  if (session.isError && !session.isFetching) return <LoadFailed onRetry={() => void session.refetch()} status={failureOf(session.error).status} />;
  if (!account || account.sellerId) return <LoadingState label="Checking your account…" />;

  const canSubmit = termsAccepted && paymentMethod !== '' && fields.paymentNumber.trim() !== '';
  return (
    <section className="form-card form-card--wide" aria-labelledby="signup-title">
      <h1 id="signup-title" className="form-card__title">
        Set up your seller profile
      </h1>
      <p className="form-card__lead">Buyers see your business name and location on every order. We pay your proceeds to the number below.</p>
      <MobileNotice />
      {flash && !submit.error ? <FormAlert tone="success">{flash.text}</FormAlert> : null}
      <form className="form" noValidate onSubmit={submit.onSubmit}>
        {submit.error ? <FormAlert tone="error">{submit.error}</FormAlert> : null}
        <TextField label="Business name" name="businessName" autoComplete="organization" required maxLength={100} value={fields.businessName} onValueChange={set('businessName')} />
        <TextField label="Location" name="location" autoComplete="address-level2" required maxLength={100} placeholder="e.g. Westlands, Nairobi" value={fields.location} onValueChange={set('location')} />
        <TextField label="Phone number" name="phone" type="tel" autoComplete="tel" inputMode="tel" required placeholder="e.g. 0712345678" value={fields.phone} onValueChange={set('phone')} />
        <TextField label="WhatsApp number" name="whatsapp" type="tel" inputMode="tel" placeholder="e.g. 0712345678" value={fields.whatsapp} onValueChange={set('whatsapp')} />
        <TextAreaField label="Business profile" name="businessProfile" rows={3} maxLength={500} value={fields.businessProfile} onValueChange={set('businessProfile')} />
        <TextAreaField label="About your business" name="about" rows={4} maxLength={1000} value={fields.about} onValueChange={set('about')} />
        <LogoInput file={logo} onFileChange={setLogo} />
        <PaymentMethodFields method={paymentMethod} number={fields.paymentNumber} onMethodChange={setPaymentMethod} onNumberChange={set('paymentNumber')} />
        <label className="checkbox-field">
          <input type="checkbox" name="termsAccepted" checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />
          <span>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener">
              terms and conditions
            </a>
          </span>
        </label>
        <SubmitButton busy={submit.busy} busyLabel="Creating profile…" disabled={!canSubmit}>
          Create Seller Profile
        </SubmitButton>
      </form>
    </section>
  );
}

export default withQueryCache(SellerSignupPage);
