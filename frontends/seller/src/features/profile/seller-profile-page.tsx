import { withQueryCache } from '@escrow/api-client/query-client';
import { useState, type ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { AppLink } from '@escrow/ui/components/app-link';
import { LoadFailed } from '../../shared/load-failed.tsx';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { redirectOrFailure, useSellerData, type PageLoad } from '../../shared/use-seller-data.ts';
import { AboutSection } from './about-section.tsx';
import { BusinessDetailsSection } from './business-details-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { LogoSection } from './logo-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PayoutDetailsSection } from './payout-details-section.tsx';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { sellerCatalog } from '../../i18n/catalog.ts';
import { useSellerTexts } from '../../i18n/use-seller-texts.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';
import '../../shared/seller.css';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(sellerCatalog);

function Section({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value} className="profile-section">
      <Accordion.Header className="profile-section__heading">
        <Accordion.Trigger className="profile-section__trigger">
          <span>{title}</span>
          <svg className="profile-section__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="profile-section__content">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

/** The signed-in seller's record; no session: to /auth, no seller record yet: to /seller/signup. */
async function loadProfile(signal: AbortSignal): Promise<PageLoad<SellerProfile>> {
  const profile = await sellerApi.profile(signal);
  if (profile.ok) return { kind: 'data', data: profile.data };
  return profile.status === 404 ? { kind: 'redirect', to: '/seller/signup' } : redirectOrFailure(profile);
}

/**
 * /seller/profile (spec section 2): the signed-in seller's record in collapsible sections (the
 * spec's five, with Payment Information become Payout details, guarded by the password (decision
 * 0049), and Notifications: SMS and/or email, decision 0048).
 * No session: to /auth; no seller record yet: to /seller/signup.
 */
function SellerProfilePage({ navigate }: SellerPageProps) {
  const ready = useSellerTexts();
  const t = useSellerT();
  const { state, retry, update } = useSellerData('profile', loadProfile, navigate);
  const [securityMessage, setSecurityMessage] = useState<string | null>(null);
  // The server's answer to a save is the record now.
  const saved = (next: SellerProfile) => update(() => next);

  // The Swahili texts are a chunk of their own: loading until they are here.
  if (!ready || state.kind === 'loading') return <LoadingState label={t('seller.profile.loading')} />;
  if (state.kind === 'failed') return <LoadFailed onRetry={retry} status={state.status} />;
  const data = state.data;

  return (
    <section className="seller-page" aria-labelledby="profile-title">
      <AppLink to="/seller/dashboard" navigate={navigate} className="back-link">
        {t('seller.backToDashboard')}
      </AppLink>
      <h1 id="profile-title">{t('seller.profile.title')}</h1>
      <p className="section-note">{data.businessName}</p>
      <Accordion.Root type="multiple" defaultValue={['business-details']} className="profile-sections">
        <Section value="business-details" title={t('seller.profile.business')}>
          <BusinessDetailsSection profile={data} onSaved={saved} />
        </Section>
        <Section value="logo" title={t('seller.profile.logo')}>
          <LogoSection profile={data} onSaved={saved} />
        </Section>
        <Section value="about" title={t('seller.profile.about')}>
          <AboutSection profile={data} onSaved={saved} />
        </Section>
        <Section value="payout-details" title={t('seller.profile.payout')}>
          <PayoutDetailsSection profile={data} onSaved={saved} />
        </Section>
        <Section value="notifications" title={t('seller.profile.notifications')}>
          <NotificationsSection profile={data} onSaved={saved} />
        </Section>
        <Section value="security" title={t('seller.profile.security')}>
          <div className="form">
            {securityMessage ? <FormAlert tone="success">{localText(securityMessage)}</FormAlert> : null}
            <p className="section-note">{t('seller.profile.securityNote')}</p>
            <ChangePasswordDialog onChanged={setSecurityMessage} />
          </div>
        </Section>
      </Accordion.Root>
    </section>
  );
}

export default withQueryCache(SellerProfilePage);
