import { LoadingState } from '@escrow/ui/components/loading-state';
import { Text, useCatalog, useT } from '@escrow/ui/i18n/react';
import { usePagesReady, usePagesT } from '../../i18n/pages-catalog.ts';
import { Link } from '../../routing/link.tsx';
import { SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { useScrollToHash } from '../site-chrome/use-scroll-to-hash.ts';
import { termsCatalog } from './terms-catalog.ts';
import type { TermsMessageId } from './terms-en.ts';
import { TERMS_SECTIONS } from './terms-sections.ts';
import './terms.css';

/** /terms: the 15 sections, with a contents list; also opened in a new tab from buyer pages. */
export default function TermsPage() {
  const termsReady = useCatalog(termsCatalog);
  const pagesReady = usePagesReady();
  // The texts first (the Swahili ones are fetched), so a '#section' in the address finds its section.
  return termsReady && pagesReady ? <Terms /> : <LoadingState />;
}

function Terms() {
  useScrollToHash();
  const t = useT<TermsMessageId>();
  const pagesT = usePagesT();
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">{t('terms.title')}</h1>
          <p className="page-header__lead">
            <Text<TermsMessageId> id="terms.lastUpdated" components={{ 0: <time dateTime="2025-10" /> }} />
          </p>
        </div>
      </header>

      <div className="container terms">
        <details className="terms__contents">
          <summary>{t('terms.contents')}</summary>
          <nav aria-label={t('terms.contentsNav')}>
            <ol>
              {TERMS_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{t(section.title)}</a>
                </li>
              ))}
            </ol>
          </nav>
        </details>

        {TERMS_SECTIONS.map((section, index) => (
          <section key={section.id} id={section.id} className="terms__section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="terms__heading">
              {index + 1}. {t(section.title)}
            </h2>
            {section.kind === 'items' ? (
              <ul>
                {section.texts.map((text) => (
                  <li key={text}>{t(text)}</li>
                ))}
              </ul>
            ) : (
              section.texts.map((text) => <p key={text}>{t(text, { percent: SERVICE_FEE_PERCENT })}</p>)
            )}
          </section>
        ))}

        <div className="actions terms__actions">
          <Link to="/contact" className="button">
            {pagesT('pages.contactUs')}
          </Link>
          <Link to="/" className="button button--secondary">
            {pagesT('pages.backToHome')}
          </Link>
        </div>
      </div>
    </>
  );
}
