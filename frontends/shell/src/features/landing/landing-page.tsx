import { StarRating } from '@escrow/ui/components/star-rating';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useShellT } from '../../i18n/catalog.ts';
import type { ShellMessageId } from '../../i18n/en.ts';
import { Link } from '../../routing/link.tsx';
import { LANDING_FEE_EXAMPLE, SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { CheckIcon, ShieldIcon } from '../site-chrome/icons.tsx';
import { BENEFITS, TESTIMONIALS } from './landing-content.tsx';
import './landing.css';

const PROMISES: readonly ShellMessageId[] = ['shell.landing.promise.riders', 'shell.landing.promise.updates', 'shell.landing.promise.photo'];

/** The landing page (/): what a seller sees first, so it is light and fast on a phone. */
export function LandingPage() {
  const t = useShellT();
  const example = LANDING_FEE_EXAMPLE;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__layout">
          <div>
            <h1 id="hero-title" className="hero__title">
              {t('shell.landing.title')}
            </h1>
            <p className="hero__lead">{t('shell.landing.lead')}</p>
            <div className="actions hero__actions">
              <Link to="/seller/signup" className="button">
                {t('shell.landing.startSafely')}
              </Link>
              <Link to="/how-it-works" className="button button--secondary">
                {t('shell.landing.seeHow')}
              </Link>
            </div>
            <ul className="check-list hero__promises">
              {PROMISES.map((promise) => (
                <li key={promise}>
                  <CheckIcon />
                  <span>{t(promise)}</span>
                </li>
              ))}
            </ul>
          </div>

          <aside className="card escrow-example" aria-labelledby="escrow-example-title">
            <h2 id="escrow-example-title" className="escrow-example__title">
              <ShieldIcon />
              <span>{t('shell.landing.example.title')}</span>
            </h2>
            <dl className="escrow-example__rows">
              <div>
                <dt>{t('shell.landing.example.price')}</dt>
                <dd>{formatKsh(example.price)}</dd>
              </div>
              <div>
                <dt>{t('shell.landing.example.fee', { percent: SERVICE_FEE_PERCENT })}</dt>
                <dd>−&nbsp;{formatKsh(example.serviceFee)}</dd>
              </div>
              <div className="escrow-example__total">
                <dt>{t('shell.landing.example.payout')}</dt>
                <dd>{formatKsh(example.sellerPayout)}</dd>
              </div>
            </dl>
            <p className="escrow-example__note">{t('shell.landing.example.note')}</p>
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className="section__title">
            {t('shell.landing.benefits.title')}
          </h2>
          <p className="section__lead">{t('shell.landing.benefits.lead')}</p>
          <ul className="card-grid card-grid--three">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card">
                <span className="card__icon">{benefit.icon}</span>
                <h3 className="card__title">{t(benefit.title)}</h3>
                <p>{t(benefit.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title" className="section__title">
            {t('shell.landing.testimonials.title')}
          </h2>
          <ul className="card-grid card-grid--three">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name} className="card testimonial">
                <figure className="testimonial__figure">
                  <StarRating value={testimonial.rating} />
                  <blockquote className="testimonial__quote">
                    <p>{t(testimonial.quote)}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{testimonial.name}</strong>
                    <span className="testimonial__business">{t(testimonial.business)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title" className="cta-band__title">
            {t('shell.landing.cta.title')}
          </h2>
          <p>{t('shell.landing.cta.text', { percent: SERVICE_FEE_PERCENT })}</p>
          <Link to="/seller/signup" className="button button--on-dark">
            {t('shell.getStartedFree')}
          </Link>
        </div>
      </section>
    </>
  );
}
