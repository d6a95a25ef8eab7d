import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** Props of {@link PageHeading}. */
export type PageHeadingProps = {
  title: ReactNode;
  description?: ReactNode;
  /**
   * Moves focus to the heading when it mounts, so that screen reader and keyboard users start
   * at the new page after a client-side navigation (default false).
   */
  focusOnMount?: boolean;
};

/** The page's `h1` with an optional lead paragraph. */
export function PageHeading({ title, description, focusOnMount = false }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <header className="page-heading">
      <h1 ref={ref} className="page-heading__title" tabIndex={-1}>
        {title}
      </h1>
      {description ? <p className="page-heading__description">{description}</p> : null}
    </header>
  );
}
