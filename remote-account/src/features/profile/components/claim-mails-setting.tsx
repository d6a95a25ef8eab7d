import { useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useApiResource } from '@portal/shared';
import { ResourceView } from '@portal/ui';

import { getMailPreferences, updateMailPreferences } from '../api/mail-preferences';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

/**
 * Profile > "Claim updates by e-mail": a mail at every step of her claims, on unless she turns it off.
 * Saved as soon as she changes it; mails about her account's security always go, as the section says.
 */
export function ClaimMailsSetting({ profileId }: { profileId: string }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const hintId = useId();
  const preferences = useApiResource((signal) => getMailPreferences(profileId, signal), [profileId]);
  const [claimUpdates, setClaimUpdates] = useState<boolean | undefined>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const change = async (next: boolean) => {
    setOutcome(IDLE);
    setSaving(true);
    try {
      const saved = await updateMailPreferences(profileId, { claimUpdates: next });
      setClaimUpdates(saved.claimUpdates);
      setOutcome({
        kind: 'success',
        key: saved.claimUpdates ? 'profile.claimMails.on' : 'profile.claimMails.off',
      });
    } catch {
      setOutcome({ kind: 'failure', key: 'profile.claimMails.failed' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="profile-section" id="claim-mails" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.claimMails.title')}</h2>
      <ResourceView resource={preferences} errorText={t('profile.claimMails.loadFailed')}>
        {(loaded) => (
          <div className="field field--checkbox">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={claimUpdates ?? loaded.claimUpdates}
                disabled={saving}
                aria-describedby={hintId}
                onChange={(event) => void change(event.target.checked)}
              />
              {t('profile.claimMails.label')}
            </label>
            <p id={hintId} className="field__hint">
              {t('profile.claimMails.hint')}
            </p>
          </div>
        )}
      </ResourceView>
      <FormResult outcome={outcome} />
    </section>
  );
}
