import { Logo } from '@escrow/ui/components/logo';
import { useShellT } from '../../i18n/catalog.ts';
import { Link } from '../../routing/link.tsx';
import { ExternalLink } from './external-link.tsx';
import { SERVICE_FEE_PERCENT } from './fee-examples.ts';
import { LockIcon, ShieldIcon } from './icons.tsx';
import { SectionLink } from './section-link.tsx';
import { VERIFIED_SELLERS_URL } from './site-config.ts';

/** Product, Legal and Get Started columns, the copyright line and the small Admin link. */
export function SiteFooter() {
  const t = useShellT();
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <Logo />
            <p>{t('shell.footer.tagline')}</p>
          </div>

          <nav aria-labelledby="footer-product" className="site-footer__column">
            <h2 id="footer-product" className="site-footer__heading">
              {t('shell.footer.product')}
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to="/how-it-works">{t('shell.link.howItWorks')}</Link>
              </li>
              <li>
                <Link to="/about">{t('shell.footer.aboutUs')}</Link>
              </li>
              <li>
                <ExternalLink href={VERIFIED_SELLERS_URL}>{t('shell.link.verifiedSellers')}</ExternalLink>
              </li>
              <li>
                <Link to="/contact">{t('shell.footer.contactUs')}</Link>
              </li>
            </ul>
          </nav>

          <nav aria-labelledby="footer-legal" className="site-footer__column">
            <h2 id="footer-legal" className="site-footer__heading">
              {t('shell.footer.legal')}
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to="/terms">{t('shell.footer.termsOfService')}</Link>
              </li>
              <li>
                <SectionLink to="/terms#privacy">{t('shell.footer.privacy')}</SectionLink>
              </li>
              <li>
                <SectionLink to="/terms#refunds">{t('shell.footer.refunds')}</SectionLink>
              </li>
            </ul>
            <p className="site-footer__badge">
              <ShieldIcon />
              <span>{t('shell.footer.badge')}</span>
            </p>
          </nav>

          <section aria-labelledby="footer-get-started" className="site-footer__column">
            <h2 id="footer-get-started" className="site-footer__heading">
              {t('shell.footer.getStarted')}
            </h2>
            <p>{t('shell.footer.freeToJoin', { percent: SERVICE_FEE_PERCENT })}</p>
            <Link to="/seller/signup" className="button site-footer__cta">
              {t('shell.startSelling')}
            </Link>
            <ul className="site-footer__links">
              <li>
                <Link to="/auth">{t('shell.signIn')}</Link>
              </li>
            </ul>
          </section>
        </div>

        <div className="site-footer__bottom">
          <p>{t('shell.footer.copyright', { year: String(new Date().getFullYear()) })}</p>
          <Link to="/admin" className="site-footer__admin">
            <LockIcon />
            <span>{t('shell.footer.admin')}</span>
          </Link>
        </div>
      </div>
    </footer>
  );
}
