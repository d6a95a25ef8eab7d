import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { loginWithRedirect, paths, useAuthStore, useLocale } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { Link } from '@portal/shared/router';
import { Button, LoadState, ResourceView } from '@portal/ui';

import { useClaimablePolicies } from '../api/get-claimable-policies';
import type { ClaimPolicyOption } from '../api/get-claimable-policies';
import { discardDraft, keepDraftsWithSession, loadDraft } from '../lib/claim-drafts';
import type { ClaimDraft } from '../lib/claim-drafts';
import { ClaimForm, formatTime } from './claim-form';
import { VisitorClaimForm } from './visitor-claim-form';
import './claims.css';

export type ClaimFormPageProps = PageProps;

/**
 * File a claim (`/service-contact/file-a-claim`, public, docs/requirements.md §2). A logged-in student chooses
 * one of their policies; a visitor gives the policy number and the policyholder's date of birth.
 */
export function ClaimFormPage(_props: ClaimFormPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  const profileId = useAuthStore((state) => state.profileId);
  // A student whose session is still being checked must not be shown the visitor's form first.
  const checking = useAuthStore((state) => state.sessionChecking);
  useEffect(() => {
    keepDraftsWithSession();
  }, []);
  let body;
  if (profileId) body = <ClaimFormLoader profileId={profileId} />;
  else if (checking) body = <LoadState loading loadingLabel={t('loading')} onRetry={() => undefined} />;
  else body = <VisitorClaim />;
  return (
    <section className="claim-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('claim.title')}</h1>
      <p>{t(profileId ? 'claim.intro' : 'claim.visitor.intro')}</p>
      {body}
    </section>
  );
}

/** The visitor's form, with the way to log in instead and choose from one's own policies. */
function VisitorClaim() {
  const { t } = useTranslation('service');
  return (
    <>
      <p>
        <Link to={loginWithRedirect(paths.fileClaim())}>{t('claim.visitor.login')}</Link>
      </p>
      <VisitorClaimForm />
    </>
  );
}

function ClaimFormLoader({ profileId }: { profileId: string }) {
  const { t } = useTranslation('service');
  return (
    <ResourceView
      resource={useClaimablePolicies(profileId)}
      errorText={t('claim.policiesError')}
      loadingLabel={t('loading')}
    >
      {(policies) =>
        policies.length === 0 ? (
          <p>{t('claim.noPolicies')}</p>
        ) : (
          <DraftOffer profileId={profileId} policies={policies} />
        )
      }
    </ResourceView>
  );
}

type DraftChoice =
  { status: 'loading' } | { status: 'offer'; draft: ClaimDraft } | { status: 'form'; draft?: ClaimDraft };

/** Offers the student's saved draft back before the form opens; without one the form opens at once. */
function DraftOffer({ profileId, policies }: { profileId: string; policies: readonly ClaimPolicyOption[] }) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const headingId = useId();
  const [choice, setChoice] = useState<DraftChoice>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    void loadDraft(profileId).then((draft) => {
      if (current) setChoice(draft ? { status: 'offer', draft } : { status: 'form' });
    });
    return () => {
      current = false;
    };
  }, [profileId]);

  if (choice.status === 'loading')
    return <LoadState loading loadingLabel={t('loading')} onRetry={() => undefined} />;
  if (choice.status === 'form')
    return <ClaimForm profileId={profileId} policies={policies} draft={choice.draft} />;
  const { draft } = choice;
  return (
    <section className="claim-draft-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('claim.draft.offer', { date: formatTime(draft.savedAt, locale) })}</h2>
      <p>{t('claim.draft.offerDetail', { count: draft.receipts.length })}</p>
      <div className="claim-form__actions">
        <Button onClick={() => setChoice({ status: 'form', draft })}>{t('claim.draft.continue')}</Button>
        <Button
          variant="secondary"
          onClick={() => void discardDraft(profileId).then(() => setChoice({ status: 'form' }))}
        >
          {t('claim.draft.discard')}
        </Button>
      </div>
    </section>
  );
}
