import { withQueryCache } from '@escrow/api-client/query-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { AppLink } from '@escrow/ui/components/app-link';
import { LoadFailed } from '../../shared/load-failed.tsx';
import { sellerApi } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { useLoaded } from '../../shared/use-loaded.ts';
import { AboutSection } from './about-section.tsx';
import { BusinessDetailsSection } from './business-details-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { LogoSection } from './logo-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PayoutDetailsSection } from './payout-details-section.tsx';
import '../../shared/seller.css';

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

/**
 * /seller/profile (spec section 2): the signed-in seller's record in collapsible sections (the
 * spec's five, with Payment Information become Payout details, guarded by the password (decision
 * 0049), and Notifications: SMS and/or email, decision 0048).
 * No session: to /auth; no seller record yet: to /seller/signup.
 */
function SellerProfilePage({ navigate }: SellerPageProps) {
  const profile = useLoaded('profile', sellerApi.profile);
  const [securityMessage, setSecurityMessage] = useState<string | null>(null);
  const state = profile.state;

  useEffect(() => {
    if (state.kind !== 'failed') return;
    if (state.status === 401) navigate('/auth', { replace: true });
    if (state.status === 404) navigate('/seller/signup', { replace: true });
  }, [state, navigate]);

  if (state.kind === 'loading' || (state.kind === 'failed' && (state.status === 401 || state.status === 404))) {
    return <LoadingState label="Loading your profile…" />;
  }
  if (state.kind === 'failed') return <LoadFailed onRetry={profile.reload} status={state.status} />;
  const data = state.data;

  return (
    <section className="seller-page" aria-labelledby="profile-title">
      <AppLink to="/seller/dashboard" navigate={navigate} className="back-link">
        ← Back to Dashboard
      </AppLink>
      <h1 id="profile-title">Seller profile</h1>
      <p className="section-note">{data.businessName}</p>
      <Accordion.Root type="multiple" defaultValue={['business-details']} className="profile-sections">
        <Section value="business-details" title="Business Details">
          <BusinessDetailsSection profile={data} onSaved={profile.replace} />
        </Section>
        <Section value="logo" title="Business Logo">
          <LogoSection profile={data} onSaved={profile.replace} />
        </Section>
        <Section value="about" title="About Your Business">
          <AboutSection profile={data} onSaved={profile.replace} />
        </Section>
        <Section value="payout-details" title="Payout details">
          <PayoutDetailsSection profile={data} onSaved={profile.replace} />
        </Section>
        <Section value="notifications" title="Notifications">
          <NotificationsSection profile={data} onSaved={profile.replace} />
        </Section>
        <Section value="security" title="Security">
          <div className="form">
            {securityMessage ? <FormAlert tone="success">{securityMessage}</FormAlert> : null}
            <p className="section-note">Change the password you sign in with.</p>
            <ChangePasswordDialog onChanged={setSecurityMessage} />
          </div>
        </Section>
      </Accordion.Root>
    </section>
  );
}

export default withQueryCache(SellerProfilePage);
