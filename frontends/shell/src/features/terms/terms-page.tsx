import { Link } from '../../routing/link.tsx';
import { useScrollToHash } from '../site-chrome/use-scroll-to-hash.ts';
import { TERMS_SECTIONS } from './terms-sections.tsx';
import './terms.css';

/** /terms: the 15 sections, with a contents list; also opened in a new tab from buyer pages. */
export default function TermsPage() {
  useScrollToHash();
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">Terms of Service</h1>
          <p className="page-header__lead">
            Last updated <time dateTime="2025-10">October 2025</time>
          </p>
        </div>
      </header>

      <div className="container terms">
        <details className="terms__contents">
          <summary>Contents</summary>
          <nav aria-label="Terms contents">
            <ol>
              {TERMS_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        </details>

        {TERMS_SECTIONS.map((section, index) => (
          <section key={section.id} id={section.id} className="terms__section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="terms__heading">
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}

        <div className="actions terms__actions">
          <Link to="/contact" className="button">
            Contact Us
          </Link>
          <Link to="/" className="button button--secondary">
            Back to Home
          </Link>
        </div>
      </div>
    </>
  );
}
