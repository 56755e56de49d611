import { lazy, Suspense } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { usePagesReady, usePagesT } from '../../i18n/pages-catalog.ts';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../site-chrome/site-config.ts';
import { BUSINESS_HOURS } from './business-hours.ts';
import './contact.css';

// The form brings zod with it; the rest of the page shows while it downloads.
const ContactForm = lazy(() => import('./contact-form.tsx'));

/** /contact: the form, how to reach us and when we are open. */
export default function ContactPage() {
  const t = usePagesT();
  if (!usePagesReady()) return <LoadingState />;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">{t('pages.contact.title')}</h1>
          <p className="page-header__lead">{t('pages.contact.lead')}</p>
        </div>
      </header>

      <div className="container contact">
        <section className="card contact__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="card__title">
            {t('pages.contact.formTitle')}
          </h2>
          <Suspense fallback={<LoadingState label={t('pages.contact.loadingForm')} />}>
            <ContactForm />
          </Suspense>
        </section>

        <div className="contact__side">
          <section className="card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title" className="card__title">
              {t('pages.contact.details')}
            </h2>
            <dl className="contact__details">
              {SUPPORT_EMAIL ? (
                <div>
                  <dt>{t('pages.email')}</dt>
                  <dd>
                    <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
                  </dd>
                </div>
              ) : null}
              {SUPPORT_PHONE ? (
                <div>
                  <dt>{t('pages.contact.phone')}</dt>
                  <dd>
                    <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('pages.contact.location')}</dt>
                <dd>Nairobi, Kenya</dd>
              </div>
              <div>
                <dt>{t('pages.contact.bestWay')}</dt>
                <dd>{t('pages.contact.bestWayText')}</dd>
              </div>
            </dl>
          </section>

          <section className="card" aria-labelledby="contact-hours-title">
            <h2 id="contact-hours-title" className="card__title">
              {t('pages.contact.hours')}
            </h2>
            <dl className="contact__hours">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days}>
                  <dt>{t(row.days)}</dt>
                  <dd>{row.hours ? t('pages.contact.hoursRange', row.hours) : t('pages.contact.closed')}</dd>
                </div>
              ))}
            </dl>
            <p className="contact__note">{t('pages.contact.hoursNote')}</p>
          </section>
        </div>
      </div>
    </>
  );
}
