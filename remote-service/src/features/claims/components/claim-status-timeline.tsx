import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { formatDay as formatSharedDay } from '@portal/contract/domain';
import type { ClaimHistoryStep, ClaimStatus } from '@portal/contract/wire';

/** A moment as the portal shows a day, e.g. `23 Nov 2026` (the shared display format). */
export function formatDay(iso: string, locale: string): string {
  return formatSharedDay(iso, locale);
}

/** One step of the timeline: its status and, once reached, when. */
export type TimelineStep = { status: ClaimStatus; at?: string };

/** The steps still ahead of a claim in each status, on the way to its payment. */
const STEPS_AHEAD: Record<ClaimStatus, readonly ClaimStatus[]> = {
  RECEIVED: ['IN_REVIEW', 'APPROVED', 'PAID'],
  IN_REVIEW: ['APPROVED', 'PAID'],
  DOCUMENTS_REQUESTED: ['IN_REVIEW', 'APPROVED', 'PAID'],
  APPROVED: ['PAID'],
  REJECTED: [],
  PAID: [],
};

/**
 * The steps a claim goes through: every step it reached, in order and with its date (a claim asked
 * for more documents shows that step, and in review again after it), then the steps still ahead of it:
 * in review, approved and paid. A rejected or paid claim ends there.
 */
export function timelineSteps(history: readonly ClaimHistoryStep[]): TimelineStep[] {
  const reached: TimelineStep[] = history.map((step) => ({ status: step.status, at: step.at }));
  const last = reached[reached.length - 1]?.status ?? 'RECEIVED';
  const ahead = STEPS_AHEAD[last].map((status) => ({ status, at: undefined }));
  return reached.length === 0 ? [{ status: 'RECEIVED', at: undefined }, ...ahead] : [...reached, ...ahead];
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
      {timelineSteps(history).map((step, index, steps) => {
        // The last step reached is where the claim stands.
        const current = step.at !== undefined && step.status === status && !steps[index + 1]?.at;
        const state = step.at ? 'reached' : 'pending';
        return (
          <li
            key={`${index}-${step.status}`}
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
