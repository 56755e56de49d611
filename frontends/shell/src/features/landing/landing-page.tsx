import { StarRating } from '@escrow/ui/components/star-rating';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { Link } from '../../routing/link.tsx';
import { LANDING_FEE_EXAMPLE, SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { CheckIcon, ShieldIcon } from '../site-chrome/icons.tsx';
import { BENEFITS, TESTIMONIALS } from './landing-content.tsx';
import './landing.css';

const PROMISES = ['Verified riders', 'Real-time delivery updates', 'Photo proof of pickup'];

/** The landing page (/): what a seller sees first, so it is light and fast on a phone. */
export function LandingPage() {
  const example = LANDING_FEE_EXAMPLE;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__layout">
          <div>
            <h1 id="hero-title" className="hero__title">
              Sell Online with Confidence. Get Paid Securely.
            </h1>
            <p className="hero__lead">
              Your buyer pays into escrow by M-Pesa before the item leaves your shop. A verified rider delivers, and
              your money is released when the buyer confirms delivery with their code.
            </p>
            <div className="actions hero__actions">
              <Link to="/seller/signup" className="button">
                Start Selling Safely
              </Link>
              <Link to="/how-it-works" className="button button--secondary">
                See How It Works
              </Link>
            </div>
            <ul className="check-list hero__promises">
              {PROMISES.map((promise) => (
                <li key={promise}>
                  <CheckIcon />
                  <span>{promise}</span>
                </li>
              ))}
            </ul>
          </div>

          <aside className="card escrow-example" aria-labelledby="escrow-example-title">
            <h2 id="escrow-example-title" className="escrow-example__title">
              <ShieldIcon />
              <span>An order, held safely in escrow</span>
            </h2>
            <dl className="escrow-example__rows">
              <div>
                <dt>Smartphone, paid by the buyer</dt>
                <dd>{formatKsh(example.price)}</dd>
              </div>
              <div>
                <dt>Service fee ({SERVICE_FEE_PERCENT})</dt>
                <dd>−&nbsp;{formatKsh(example.serviceFee)}</dd>
              </div>
              <div className="escrow-example__total">
                <dt>You receive after delivery</dt>
                <dd>{formatKsh(example.sellerPayout)}</dd>
              </div>
            </dl>
            <p className="escrow-example__note">The buyer pays the rider for delivery at the door.</p>
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className="section__title">
            Why sellers choose escrow delivery
          </h2>
          <p className="section__lead">Everything you need to sell high-value goods online without the worry.</p>
          <ul className="card-grid card-grid--three">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card">
                <span className="card__icon">{benefit.icon}</span>
                <h3 className="card__title">{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title" className="section__title">
            Sellers like you
          </h2>
          <ul className="card-grid card-grid--three">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name} className="card testimonial">
                <figure className="testimonial__figure">
                  <StarRating value={testimonial.rating} />
                  <blockquote className="testimonial__quote">
                    <p>{testimonial.quote}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{testimonial.name}</strong>
                    <span className="testimonial__business">{testimonial.business}</span>
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
            Ready to sell without the worry?
          </h2>
          <p>Create your free seller account in a few minutes. You pay the {SERVICE_FEE_PERCENT} service fee only when a sale goes through.</p>
          <Link to="/seller/signup" className="button button--on-dark">
            Get Started for Free
          </Link>
        </div>
      </section>
    </>
  );
}
