import { useEffect, useId, useRef } from 'react';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { SanitizedHtml } from '@portal/ui';
import type { FaqCategory } from '../api/use-faq-categories';

import './faq.css';

export type FaqQuestionsProps = {
  category: FaqCategory;
  /** The question whose answer is open; none when undefined. */
  openId?: string;
};

/**
 * The questions of one category as a disclosure list. Each question is a link, so the open answer
 * lives in the URL (shareable, back button closes it); the opened answer is focused and scrolled
 * into view, which also lands a reader of a shared link on the right answer.
 */
export function FaqQuestions({ category, openId }: FaqQuestionsProps) {
  const listId = useId();
  const openPanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = openPanel.current;
    if (!panel) return;
    panel.focus({ preventScroll: true });
    panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [openId, category.id]);

  return (
    <ul className="faq-questions">
      {category.questions.map((item, index) => {
        const open = item.id === openId;
        const questionId = `${listId}-q${index}`;
        const panelId = `${listId}-a${index}`;
        return (
          <li key={item.id} className={open ? 'faq-question faq-question--open' : 'faq-question'}>
            <h2 className="faq-question__title">
              <Link
                id={questionId}
                to={open ? paths.faqCategory(category.id) : paths.faqAnswer(category.id, item.id)}
                aria-expanded={open}
                aria-controls={panelId}
                preventScrollReset
              >
                {item.question}
              </Link>
            </h2>
            <div
              id={panelId}
              ref={open ? openPanel : undefined}
              role="region"
              aria-labelledby={questionId}
              className="faq-question__answer"
              tabIndex={-1}
              hidden={!open}
            >
              {open ? <SanitizedHtml html={item.answerHtml} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
