import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { formatDay as formatSharedDay } from '@portal/shared/domain';
import type { ClaimHistoryStep, ClaimStatus } from '@portal/shared/wire';

/** A moment as the portal shows a day, e.g. `23 Nov 2026` (the shared display format). */
export function formatDay(iso: string, locale: string): string {
  return formatSharedDay(iso, locale);
}

/** One step of the timeline: its status and, once reached, when. */
export type TimelineStep = { status: ClaimStatus; at?: string };

/**
 * The steps a claim goes through: received → in review → approved or rejected → paid. A rejected
 * claim ends there; otherwise the decision shows as approved. Reached steps carry their date.
 */
export function timelineSteps(history: readonly ClaimHistoryStep[]): TimelineStep[] {
  const reached = new Map(history.map((step) => [step.status, step.at]));
  const rejected = reached.has('REJECTED');
  const order: ClaimStatus[] = rejected
    ? ['RECEIVED', 'IN_REVIEW', 'REJECTED']
    : ['RECEIVED', 'IN_REVIEW', 'APPROVED', 'PAID'];
  return order.map((status) => ({ status, at: reached.get(status) }));
}

/** The status timeline of a claim as an ordered list; the current step is marked. */
export function ClaimStatusTimeline({
  history,
  status,
}: {
  history: readonly ClaimHistoryStep[];
  status: ClaimStatus;
}) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  return (
    <ol className="claim-timeline" aria-label={t('claims.timeline.label')}>
      {timelineSteps(history).map((step) => {
        const current = step.status === status;
        const state = step.at ? 'reached' : 'pending';
        return (
          <li
            key={step.status}
            className={`claim-timeline__step claim-timeline__step--${state}${current ? ' claim-timeline__step--current' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="claim-timeline__status">{t(`claims.statuses.${step.status}`)}</span>{' '}
            <span className="claim-timeline__date">
              {step.at ? formatDay(step.at, locale) : t('claims.timeline.notYet')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
