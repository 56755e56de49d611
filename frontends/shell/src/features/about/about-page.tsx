import type { ReactNode } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import type { PagesMessageId } from '../../i18n/pages-en.ts';
import { usePagesReady, usePagesT } from '../../i18n/pages-catalog.ts';
import { Link } from '../../routing/link.tsx';
import { SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { CameraIcon, CheckIcon, ShieldIcon, WalletIcon } from '../site-chrome/icons.tsx';

const SERVICES: readonly { readonly title: PagesMessageId; readonly text: PagesMessageId; readonly icon: ReactNode }[] = [
  { title: 'pages.about.service.escrow.title', text: 'pages.about.service.escrow.text', icon: <ShieldIcon /> },
  { title: 'pages.about.service.verification.title', text: 'pages.about.service.verification.text', icon: <CameraIcon /> },
  { title: 'pages.about.service.settlement.title', text: 'pages.about.service.settlement.text', icon: <WalletIcon /> },
];

const REASONS: readonly PagesMessageId[] = [
  'pages.about.reason.paysFirst',
  'pages.about.reason.free',
  'pages.about.reason.fee',
  'pages.about.reason.riders',
  'pages.about.reason.noAccount',
  'pages.about.reason.nairobi',
];

/** /about: mission, who we are, what we do and why sellers choose us. */
export default function AboutPage() {
  const t = usePagesT();
  if (!usePagesReady()) return <LoadingState />;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">{t('pages.about.title')}</h1>
          <p className="page-header__lead">{t('pages.about.lead')}</p>
        </div>
      </header>

      <section className="section" aria-labelledby="mission-title">
        <div className="container card-grid card-grid--two">
          <div>
            <h2 id="mission-title" className="section__title">
              {t('pages.about.mission.title')}
            </h2>
            <p>{t('pages.about.mission.text')}</p>
          </div>
          <div>
            <h2 id="who-title" className="section__title">
              {t('pages.about.who.title')}
            </h2>
            <p>{t('pages.about.who.text')}</p>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="what-title">
        <div className="container">
          <h2 id="what-title" className="section__title">
            {t('pages.about.what.title')}
          </h2>
          <ul className="card-grid card-grid--three">
            {SERVICES.map((service) => (
              <li key={service.title} className="card">
                <span className="card__icon">{service.icon}</span>
                <h3 className="card__title">{t(service.title)}</h3>
                <p>{t(service.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section__title">
            {t('pages.about.why.title')}
          </h2>
          <ul className="check-list">
            {REASONS.map((reason) => (
              <li key={reason}>
                <CheckIcon />
                <span>{t(reason, { percent: SERVICE_FEE_PERCENT })}</span>
              </li>
            ))}
          </ul>
          <div className="actions">
            <Link to="/" className="button button--secondary">
              {t('pages.backToHome')}
            </Link>
            <Link to="/seller/signup" className="button">
              {t('pages.startSelling')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
