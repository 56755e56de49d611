import { Logo } from '@escrow/ui/components/logo';
import { Link } from '../../routing/link.tsx';
import { ExternalLink } from './external-link.tsx';
import { LockIcon, ShieldIcon } from './icons.tsx';
import { SectionLink } from './section-link.tsx';
import { VERIFIED_SELLERS_URL } from './site-config.ts';

/** Product, Legal and Get Started columns, the copyright line and the small Admin link. */
export function SiteFooter() {
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <Logo />
            <p>Escrow delivery for online sellers in Kenya. Your buyer pays first, you deliver with confidence.</p>
          </div>

          <nav aria-labelledby="footer-product" className="site-footer__column">
            <h2 id="footer-product" className="site-footer__heading">
              Product
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to="/how-it-works">How It Works</Link>
              </li>
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <ExternalLink href={VERIFIED_SELLERS_URL}>Verified Sellers</ExternalLink>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
            </ul>
          </nav>

          <nav aria-labelledby="footer-legal" className="site-footer__column">
            <h2 id="footer-legal" className="site-footer__heading">
              Legal
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
              <li>
                <SectionLink to="/terms#privacy">Privacy</SectionLink>
              </li>
              <li>
                <SectionLink to="/terms#refunds">Refunds</SectionLink>
              </li>
            </ul>
            <p className="site-footer__badge">
              <ShieldIcon />
              <span>Payments held in escrow until the buyer confirms delivery</span>
            </p>
          </nav>

          <section aria-labelledby="footer-get-started" className="site-footer__column">
            <h2 id="footer-get-started" className="site-footer__heading">
              Get Started
            </h2>
            <p>Free to join. You pay 2.5% only when a sale goes through.</p>
            <Link to="/seller/signup" className="button site-footer__cta">
              Start Selling
            </Link>
            <ul className="site-footer__links">
              <li>
                <Link to="/auth">Sign In</Link>
              </li>
            </ul>
          </section>
        </div>

        <div className="site-footer__bottom">
          <p>
            © {new Date().getFullYear()} Escrow Delivery. Nairobi, Kenya.
          </p>
          <Link to="/admin" className="site-footer__admin">
            <LockIcon />
            <span>Admin</span>
          </Link>
        </div>
      </div>
    </footer>
  );
}
