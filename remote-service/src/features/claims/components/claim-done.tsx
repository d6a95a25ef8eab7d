import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';

/** Props of {@link ClaimDone}. */
export type ClaimDoneProps = {
  claimNumber: string;
  /** Filed without a login: the claim is followed by logging in, not by a link the visitor cannot open. */
  visitor?: boolean;
};

/** The claim was received: its number, what happens next, and the way to follow it. */
export function ClaimDone({ claimNumber, visitor = false }: ClaimDoneProps) {
  const { t } = useTranslation('service');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form is gone; focus moves to what replaced it.
    heading.current?.focus();
  }, []);
  return (
    <div className="confirmation claim-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {t('claim.done.title')}
      </h2>
      <p>
        {t('claim.done.number')} <strong className="claim-done__number">{claimNumber}</strong>
      </p>
      <p>{t('claim.done.next')}</p>
      <p>
        {visitor ? (
          t('claim.done.visitorNext')
        ) : (
          <Link to={paths.claim(claimNumber)}>{t('claim.done.view')}</Link>
        )}
      </p>
    </div>
  );
}
