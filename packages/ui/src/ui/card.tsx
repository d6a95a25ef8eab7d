import type { ReactNode } from 'react';

/** Props of {@link Card}. */
export type CardProps = {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Content shown at the bottom, e.g. actions. */
  footer?: ReactNode;
  className?: string;
  id?: string;
  children: ReactNode;
};

/** A bordered content block with an optional heading and footer. */
export function Card({ title, headingLevel = 2, footer, className, id, children }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section id={id} className={['card', className].filter(Boolean).join(' ')}>
      {title ? <Heading className="card__title">{title}</Heading> : null}
      <div className="card__body">{children}</div>
      {footer ? <div className="card__footer">{footer}</div> : null}
    </section>
  );
}
