import { lazy, Suspense } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../site-chrome/site-config.ts';
import { BUSINESS_HOURS } from './business-hours.ts';
import './contact.css';

// The form brings zod with it; the rest of the page shows while it downloads.
const ContactForm = lazy(() => import('./contact-form.tsx'));

/** /contact: the form, how to reach us and when we are open. */
export default function ContactPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">Contact Us</h1>
          <p className="page-header__lead">
            A question about selling safely, an order or your account? Send us a message and we will get back to you.
          </p>
        </div>
      </header>

      <div className="container contact">
        <section className="card contact__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="card__title">
            Send us a message
          </h2>
          <Suspense fallback={<LoadingState label="Loading the form…" />}>
            <ContactForm />
          </Suspense>
        </section>

        <div className="contact__side">
          <section className="card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title" className="card__title">
              Contact details
            </h2>
            <dl className="contact__details">
              {SUPPORT_EMAIL ? (
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
                  </dd>
                </div>
              ) : null}
              {SUPPORT_PHONE ? (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Location</dt>
                <dd>Nairobi, Kenya</dd>
              </div>
              <div>
                <dt>Best way to reach us</dt>
                <dd>The form on this page: every message reaches our support team.</dd>
              </div>
            </dl>
          </section>

          <section className="card" aria-labelledby="contact-hours-title">
            <h2 id="contact-hours-title" className="card__title">
              Business hours
            </h2>
            <dl className="contact__hours">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days}>
                  <dt>{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="contact__note">East Africa Time. Messages sent outside these hours are answered the next working day.</p>
          </section>
        </div>
      </div>
    </>
  );
}
