import type { ReactNode } from 'react';
import { Accordion } from 'radix-ui';
import './question-accordion.css';

export interface QuestionAnswer {
  /** Stable and unique within the list; used as the item's value. */
  id: string;
  question: string;
  answer: ReactNode;
}

interface QuestionAccordionProps {
  items: readonly QuestionAnswer[];
}

/**
 * Questions that open one at a time (opening one closes the other) and close again on a
 * second tap: Radix's single, collapsible accordion. Each question is a button inside an
 * h3, so screen-reader users can jump between questions by heading; arrow keys, Home and End
 * move between them.
 */
export function QuestionAccordion({ items }: QuestionAccordionProps) {
  return (
    <Accordion.Root type="single" collapsible className="question-accordion">
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} className="question-accordion__item">
          <Accordion.Header className="question-accordion__heading">
            <Accordion.Trigger className="question-accordion__trigger">
              <span>{item.question}</span>
              <svg className="question-accordion__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="question-accordion__answer">
            <div className="question-accordion__answer-inner">{item.answer}</div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
