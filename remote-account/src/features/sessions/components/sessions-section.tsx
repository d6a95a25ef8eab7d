import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { Button, ResourceView } from '@portal/ui';
import type { OpenSession } from '@portal/contract/wire';

import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';
import { endOtherSessions, endSession } from '../api/end-sessions';
import { useOpenSessions } from '../api/list-sessions';

function useFormats() {
  const { locale } = useLocale();
  return useMemo(() => {
    const tag = locale === 'nl' ? 'nl-NL' : 'en-GB';
    const time = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' });
    const regions = new Intl.DisplayNames([tag], { type: 'region' });
    return {
      time: (iso: string) => time.format(new Date(iso)),
      country: (code: string) => regions.of(code) ?? code,
    };
  }, [locale]);
}

type ItemProps = {
  session: OpenSession;
  busy: boolean;
  onEnd: (session: OpenSession) => void;
};

function SessionItem({ session, busy, onEnd }: ItemProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const format = useFormats();
  const headingId = useId();
  const browser = session.browser ?? t('profile.sessions.unknownBrowser');
  const name = session.system ? t('profile.sessions.on', { browser, system: session.system }) : browser;
  return (
    <li className="passkey" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {name}
        {session.current ? (
          <span className="session__current"> ({t('profile.sessions.current')})</span>
        ) : null}
      </h3>
      <dl className="details-list">
        <div className="details-list__row">
          <dt>{t('profile.sessions.createdAt')}</dt>
          <dd>{format.time(session.createdAt)}</dd>
        </div>
        <div className="details-list__row">
          <dt>{t('profile.sessions.lastUsedAt')}</dt>
          <dd>{format.time(session.lastUsedAt)}</dd>
        </div>
        <div className="details-list__row">
          <dt>{t('profile.sessions.country')}</dt>
          <dd>{session.country ? format.country(session.country) : t('profile.sessions.unknownCountry')}</dd>
        </div>
      </dl>
      {session.current ? null : (
        <Button
          type="button"
          variant="secondary"
          busy={busy}
          aria-describedby={headingId}
          onClick={() => onEnd(session)}
        >
          {t('profile.sessions.end')}
        </Button>
      )}
    </li>
  );
}

function SessionList({ initial }: { initial: OpenSession[] }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);
  const others = sessions.filter((session) => !session.current).length;

  const run = async (
    key: string,
    action: () => Promise<FormOutcome>,
    keep: (session: OpenSession) => boolean,
  ) => {
    setBusy(key);
    setOutcome(IDLE);
    try {
      setOutcome(await action());
      setSessions((list) => list.filter(keep));
    } catch (error) {
      setOutcome({ kind: 'failure', ...genericFailure(await describeFailure(error)) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="passkey-list">
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={busy === session.id}
            onEnd={(ended) =>
              void run(
                ended.id,
                async () => {
                  await endSession(ended.id);
                  return { kind: 'success', key: 'profile.sessions.ended' };
                },
                (session) => session.id !== ended.id,
              )
            }
          />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          type="button"
          busy={busy === 'all'}
          onClick={() =>
            void run(
              'all',
              async () => {
                const count = await endOtherSessions();
                return { kind: 'success', key: 'profile.sessions.endedAll', values: { count } };
              },
              (session) => session.current,
            )
          }
        >
          {t('profile.sessions.endAll')}
        </Button>
      ) : (
        <p>{t('profile.sessions.noOthers')}</p>
      )}
      <FormResult outcome={outcome} />
    </>
  );
}

/**
 * Profile > "Where am I logged in": the student's open sessions (browser and system, when each began
 * and was last used, rough country), the current one marked; end any other one, or all others.
 */
export function SessionsSection() {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const resource = useOpenSessions();
  return (
    <section className="profile-section" id="sessions" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.sessions.title')}</h2>
      <p>{t('profile.sessions.intro')}</p>
      <ResourceView resource={resource} errorText={t('profile.sessions.loadFailed')}>
        {(list) => <SessionList initial={list} />}
      </ResourceView>
    </section>
  );
}
