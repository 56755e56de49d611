import { withQueryCache } from '@escrow/api-client/query-client';
import { useState } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { AppLink } from '@escrow/ui/components/app-link';
import { LoadFailed } from '../../shared/load-failed.tsx';
import { ordersApi, type SellerOrderView } from '../../shared/orders-api.ts';
import { sellerApi, type SellerProfile } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { redirectOrFailure, useSellerData, type PageLoad } from '../../shared/use-seller-data.ts';
import { feePercentText } from './fee-preview.tsx';
import { OrderCreated } from './order-created.tsx';
import { OrderForm } from './order-form.tsx';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { sellerCatalog } from '../../i18n/catalog.ts';
import { useSellerTexts } from '../../i18n/use-seller-texts.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';
import '../../shared/seller.css';
import './create-order.css';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(sellerCatalog);

interface CreateOrderData {
  readonly profile: SellerProfile;
  readonly feeBasisPoints: number;
}

async function loadForm(signal: AbortSignal): Promise<PageLoad<CreateOrderData>> {
  // The session answers 200 either way, so a visitor who must go elsewhere causes no failed request.
  const session = await sellerApi.session();
  if (!session.ok) return redirectOrFailure(session);
  if (!session.data.account) return { kind: 'redirect', to: '/auth' };
  if (!session.data.account.sellerId) return { kind: 'redirect', to: '/seller/signup' };
  const [profile, policy] = await Promise.all([sellerApi.profile(signal), ordersApi.feePolicy(signal)]);
  if (!profile.ok) return profile.status === 404 ? { kind: 'redirect', to: '/seller/signup' } : redirectOrFailure(profile);
  if (!policy.ok) return redirectOrFailure(policy);
  return { kind: 'data', data: { profile: profile.data, feeBasisPoints: policy.data.feeBasisPoints } };
}

/**
 * /seller/create-order (spec sections 2 and 5): the order form with a live fee preview, then
 * the result screen with the links to send. No session: to /auth; no seller record: to
 * /seller/signup.
 */
function CreateOrderPage({ navigate }: SellerPageProps) {
  const ready = useSellerTexts();
  const t = useSellerT();
  const { state, retry } = useSellerData('create-order-form', loadForm, navigate);
  const [created, setCreated] = useState<{ order: SellerOrderView; message: string } | null>(null);

  // The Swahili texts are a chunk of their own: loading until they are here.
  if (!ready) return <LoadingState label={t('seller.create.loading')} />;
  if (state.kind === 'failed') return <LoadFailed onRetry={retry} status={state.status} />;
  if (state.kind === 'loading') return <LoadingState label={t('seller.create.loading')} />;
  const { profile, feeBasisPoints } = state.data;

  return (
    <>
      {created ? (
        <OrderCreated order={created.order} message={created.message} businessName={profile.businessName} onAnother={() => setCreated(null)} navigate={navigate} />
      ) : (
        <section className="seller-page" aria-labelledby="create-order-title">
          <AppLink to="/seller/dashboard" navigate={navigate} className="back-link">
            {t('seller.backToDashboard')}
          </AppLink>
          <h1 id="create-order-title">{t('seller.create.title')}</h1>
          <p className="section-note create-order__lead">
            {t('seller.create.lead', { fee: feePercentText(feeBasisPoints) })}
          </p>
          <OrderForm
            feeBasisPoints={feeBasisPoints}
            sellerLocation={profile.location}
            onCreated={(order, message) => {
              setCreated({ order, message: message || t('catalogue.seller.orderCreated') });
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
    </>
  );
}

export default withQueryCache(CreateOrderPage);
