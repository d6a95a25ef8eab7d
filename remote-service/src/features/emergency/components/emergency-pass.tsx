import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore, useLocale } from '@portal/shared';
import {
  keepPageOffline,
  readEmergencyPass,
  removeEmergencyPass,
  saveEmergencyPass,
  subscribeEmergencyPass,
} from '../lib/emergency-pass';
import type { EmergencyPass as StoredPass, EmergencyPassContacts } from '../lib/emergency-pass';
import { formatDate, formatDateTime } from '@portal/contract/domain';
import { Button, Icon } from '@portal/ui';

import { getPassDetails } from '../api/get-pass-details';

/** The pass kept on this device, following changes in this tab and others (a logout elsewhere). */
export function useEmergencyPass(): StoredPass | null {
  return useSyncExternalStore(subscribeEmergencyPass, readEmergencyPass, () => null);
}

/** This page, as this remote's build publishes it (`page-assets.json`, see `src/exposed/pages.ts`). */
const OFFLINE_PAGE = { remote: 'service', pageChunk: 'page-emergency' };

type Status =
  { kind: 'idle' } | { kind: 'saved'; offline: boolean } | { kind: 'removed' } | { kind: 'failed' };

/** Props of {@link EmergencyPass}. */
export type EmergencyPassProps = {
  /** The 24/7 numbers as the content endpoint gives them now; absent while offline or loading. */
  contacts: EmergencyPassContacts | undefined;
};

/**
 * "Keep on this device" for a logged-in student, and the pass kept on this device: name, policies
 * and the 24/7 numbers, with the date it was saved. It shows without a network (the service worker
 * keeps this page's files; the pass itself is in local storage).
 */
export function EmergencyPass({ contacts }: EmergencyPassProps) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const headingId = useId();
  const pass = useEmergencyPass();
  const authenticated = useAuthStore((state) => state.authenticated);
  const profileId = useAuthStore((state) => state.profileId);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  // A pass of another student (whose session ended without a logout) is not shown to this one.
  const passOfOther = authenticated && profileId !== null && pass !== null && pass.profileId !== profileId;
  useEffect(() => {
    if (passOfOther) removeEmergencyPass();
  }, [passOfOther]);

  const keep = async () => {
    if (!contacts || !profileId) return;
    setBusy(true);
    try {
      const details = await getPassDetails(profileId);
      const saved = saveEmergencyPass({
        version: 1,
        savedAt: new Date().toISOString(),
        profileId,
        name: details.name,
        policies: details.policies,
        emergency: {
          phone: contacts.phone,
          phoneDisplay: contacts.phoneDisplay,
          whatsapp: contacts.whatsapp,
          email: contacts.email,
        },
      });
      if (!saved) {
        setStatus({ kind: 'failed' });
        return;
      }
      setStatus({ kind: 'saved', offline: await keepPageOffline(OFFLINE_PAGE) });
    } catch {
      setStatus({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    removeEmergencyPass();
    setStatus({ kind: 'removed' });
  };

  const shown = passOfOther ? null : pass;
  const savedOn = shown ? formatDateTime(shown.savedAt, locale) : '';

  return (
    <section className="emergency-pass" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('emergencyPass.title')}</h2>
      {shown ? (
        <div className="emergency-pass__card">
          <p className="emergency-pass__saved">{t('emergencyPass.savedOn', { date: savedOn })}</p>
          <dl className="emergency-pass__details">
            <dt>{t('emergencyPass.name')}</dt>
            <dd>{shown.name}</dd>
            <dt>{t('emergencyPass.phone')}</dt>
            <dd>
              <a className="emergency-call" href={`tel:${shown.emergency.phone}`}>
                <Icon name="phone" size={28} />
                {shown.emergency.phoneDisplay}
              </a>
            </dd>
            <dt>{t('emergencyPass.whatsapp')}</dt>
            <dd>{shown.emergency.whatsapp}</dd>
            <dt>{t('emergencyPass.email')}</dt>
            <dd>{shown.emergency.email}</dd>
          </dl>
          {shown.policies.length > 0 ? (
            <ul className="emergency-pass__policies" aria-label={t('emergencyPass.policies')}>
              {shown.policies.map((policy) => (
                <li key={policy.number} className="emergency-pass__policy">
                  <span className="emergency-pass__policy-type">
                    {t(`emergencyPass.insuranceType.${policy.insuranceType}`)}
                  </span>
                  <dl>
                    <dt>{t('emergencyPass.policyNumber')}</dt>
                    <dd className="emergency-pass__policy-number">{policy.number}</dd>
                    <dt>{t('emergencyPass.coverage')}</dt>
                    <dd>{policy.coverage}</dd>
                    <dt>{t('emergencyPass.period')}</dt>
                    <dd>
                      {t('emergencyPass.periodValue', {
                        start: formatDate(policy.startDate, locale),
                        end: formatDate(policy.endDate, locale),
                      })}
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('emergencyPass.noPolicies')}</p>
          )}
        </div>
      ) : (
        <p>{authenticated ? t('emergencyPass.intro') : t('emergencyPass.loginToKeep')}</p>
      )}
      <div className="emergency-pass__actions">
        {authenticated && contacts ? (
          <Button busy={busy} onClick={() => void keep()}>
            {shown ? t('emergencyPass.update') : t('emergencyPass.keep')}
          </Button>
        ) : null}
        {shown ? (
          <Button variant="secondary" onClick={remove}>
            {t('emergencyPass.remove')}
          </Button>
        ) : null}
      </div>
      <div role="status" className="emergency-pass__status">
        {status.kind === 'saved'
          ? t(status.offline ? 'emergencyPass.saved' : 'emergencyPass.savedOnline')
          : status.kind === 'removed'
            ? t('emergencyPass.removed')
            : null}
      </div>
      {status.kind === 'failed' ? (
        <p role="alert" className="emergency-pass__error">
          {t('emergencyPass.failed')}
        </p>
      ) : null}
    </section>
  );
}
