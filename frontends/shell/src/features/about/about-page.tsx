import { Link } from '../../routing/link.tsx';
import { SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { CameraIcon, CheckIcon, ShieldIcon, WalletIcon } from '../site-chrome/icons.tsx';

const SERVICES = [
  {
    title: 'Escrow protection',
    text: 'The buyer pays into escrow before delivery. We hold the money until the buyer confirms, so neither side has to trust a stranger.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Product verification',
    text: 'The rider photographs the item at pickup, and the buyer checks it at the door before giving the delivery code.',
    icon: <CameraIcon />,
  },
  {
    title: 'Instant settlements',
    text: "As soon as the buyer's code is entered, the seller's money is released to their M-Pesa, Paybill or Till number.",
    icon: <WalletIcon />,
  },
];

const REASONS = [
  'Your buyer pays before the item leaves your shop',
  'Free to join: you pay only when a sale goes through',
  `One clear fee: ${SERVICE_FEE_PERCENT} of the product price`,
  'Riders you know, with photo proof of every pickup',
  'Buyers need no account: they open your link and pay by M-Pesa',
  'Made in Nairobi, for Kenyan sellers and buyers',
];

/** /about: mission, who we are, what we do and why sellers choose us. */
export default function AboutPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">About Us</h1>
          <p className="page-header__lead">
            We make buying and selling online in Kenya safe for both sides, so good sellers can grow without the fear of
            fake orders or lost payments.
          </p>
        </div>
      </header>

      <section className="section" aria-labelledby="mission-title">
        <div className="container card-grid card-grid--two">
          <div>
            <h2 id="mission-title" className="section__title">
              Our Mission
            </h2>
            <p>
              Every day, honest sellers on WhatsApp, Instagram and TikTok lose money to buyers who book and disappear, and
              buyers lose money to sellers who never deliver. Our mission is to end that: a buyer's money is held safely
              until the item arrives as promised, and the seller is paid the moment it does.
            </p>
          </div>
          <div>
            <h2 id="who-title" className="section__title">
              Who We Are
            </h2>
            <p>
              We are a small team in Nairobi who have bought and sold online ourselves. We built the service we wished we
              had: simple enough to use from any phone, built around M-Pesa, and fair to sellers, buyers and riders alike.
            </p>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="what-title">
        <div className="container">
          <h2 id="what-title" className="section__title">
            What We Do
          </h2>
          <ul className="card-grid card-grid--three">
            {SERVICES.map((service) => (
              <li key={service.title} className="card">
                <span className="card__icon">{service.icon}</span>
                <h3 className="card__title">{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section__title">
            Why Choose Us
          </h2>
          <ul className="check-list">
            {REASONS.map((reason) => (
              <li key={reason}>
                <CheckIcon />
                <span>{reason}</span>
              </li>
            ))}
          </ul>
          <div className="actions">
            <Link to="/" className="button button--secondary">
              Back to Home
            </Link>
            <Link to="/seller/signup" className="button">
              Start Selling
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
