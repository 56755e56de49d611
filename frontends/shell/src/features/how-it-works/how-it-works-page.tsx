import { QuestionAccordion } from '@escrow/ui/components/question-accordion';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { usePagesReady, usePagesT } from '../../i18n/pages-catalog.ts';
import { Link } from '../../routing/link.tsx';
import { SERVICE_FEE_PERCENT } from '../site-chrome/fee-examples.ts';
import { faqItems, GUIDES, STEPS } from './how-it-works-content.tsx';
import './how-it-works.css';

/** /how-it-works: the four steps, guides per role, the FAQ and a call to action. */
export default function HowItWorksPage() {
  const t = usePagesT();
  if (!usePagesReady()) return <LoadingState />;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">{t('pages.how.title')}</h1>
          <p className="page-header__lead">{t('pages.how.lead')}</p>
        </div>
      </header>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="section__title">
            {t('pages.how.steps.title')}
          </h2>
          <ol className="card-grid card-grid--two steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="card__title">
                  <span className="visually-hidden">{t('pages.how.stepLabel', { number: String(index + 1) })}</span>
                  {t(step.title)}
                </h3>
                <p>{t(step.text, { percent: SERVICE_FEE_PERCENT })}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="guides-title">
        <div className="container">
          <h2 id="guides-title" className="section__title">
            {t('pages.how.guides.title')}
          </h2>
          <div className="card-grid card-grid--three">
            {GUIDES.map((guide) => (
              <section key={guide.id} className="card" aria-labelledby={`guide-${guide.id}`}>
                <h3 id={`guide-${guide.id}`} className="card__title">
                  {t(guide.title)}
                </h3>
                <ol className="guide-steps">
                  {guide.steps.map((text) => (
                    <li key={text}>{t(text)}</li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="faq-title">
        <div className="container faq">
          <h2 id="faq-title" className="section__title">
            {t('pages.how.faq.title')}
          </h2>
          <QuestionAccordion items={faqItems(t)} />
        </div>
      </section>

      <section className="cta-band" aria-labelledby="how-cta-title">
        <div className="container">
          <h2 id="how-cta-title" className="cta-band__title">
            {t('pages.how.cta.title')}
          </h2>
          <p>{t('pages.how.cta.text')}</p>
          <Link to="/seller/signup" className="button button--on-dark">
            {t('pages.getStartedFree')}
          </Link>
        </div>
      </section>
    </>
  );
}
