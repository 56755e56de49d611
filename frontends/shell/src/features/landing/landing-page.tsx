import { Link } from '../../routing/link.tsx';

export function LandingPage() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="hero__title">
        Sell Online with Confidence. Get Paid Securely.
      </h1>
      <p className="hero__lead">
        Your buyer pays into escrow before the item leaves your shop. A verified rider delivers with photo proof of
        pickup, and you are paid as soon as the buyer confirms delivery with their code.
      </p>
      <div className="hero__actions">
        <Link to="/seller/signup" className="button">
          Start Selling Safely
        </Link>
        <Link to="/how-it-works" className="button button--secondary">
          How it works
        </Link>
      </div>
    </section>
  );
}
