import { QuestionAccordion } from '@escrow/ui/components/question-accordion';
import { Link } from '../../routing/link.tsx';
import { FAQ, GUIDES, STEPS } from './how-it-works-content.tsx';
import './how-it-works.css';

/** /how-it-works: the four steps, guides per role, the FAQ and a call to action. */
export default function HowItWorksPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-header__title">How It Works</h1>
          <p className="page-header__lead">
            Four simple steps keep your money and your buyer's money safe, from the first message to the payout.
          </p>
        </div>
      </header>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="section__title">
            Four steps to a safe sale
          </h2>
          <ol className="card-grid card-grid--two steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="card__title">
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="guides-title">
        <div className="container">
          <h2 id="guides-title" className="section__title">
            Guides
          </h2>
          <div className="card-grid card-grid--three">
            {GUIDES.map((guide) => (
              <section key={guide.id} className="card" aria-labelledby={`guide-${guide.id}`}>
                <h3 id={`guide-${guide.id}`} className="card__title">
                  {guide.title}
                </h3>
                <ol className="guide-steps">
                  {guide.steps.map((text) => (
                    <li key={text}>{text}</li>
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
            Frequently Asked Questions
          </h2>
          <QuestionAccordion items={FAQ} />
        </div>
      </section>

      <section className="cta-band" aria-labelledby="how-cta-title">
        <div className="container">
          <h2 id="how-cta-title" className="cta-band__title">
            Ready for your first safe sale?
          </h2>
          <p>Create your free seller account and send your first escrow link today.</p>
          <Link to="/seller/signup" className="button button--on-dark">
            Get Started for Free
          </Link>
        </div>
      </section>
    </>
  );
}
