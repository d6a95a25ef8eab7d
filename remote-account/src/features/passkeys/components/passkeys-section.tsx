import { useId, useState } from 'react';
import * as v from 'valibot';
import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore, useLocale } from '@portal/shared';
import { Button, PasswordField, ResourceView, TextField, useValibotForm } from '@portal/ui';
import { loginPasswordSchema } from '@portal/contract/validation';
import type { Passkey } from '@portal/contract/wire';

import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';
import { addPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { removePasskey } from '../api/remove-passkey';
import { renamePasskey, renamePasskeyForm } from '../api/rename-passkey';

/** How many passkeys a student may have (the api refuses the 11th as well). */
export const MAX_PASSKEYS = 10;

const passwordForm = v.object({ password: loginPasswordSchema });

function useDateText() {
  const { locale } = useLocale();
  // The portal's one display format for dates (DATE_DISPLAY of @portal/shared/domain, written out
  // here so that the Profile page does not load the shared date helpers for one date).
  const format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** The browser's refusal (cancelled, no authenticator, a passkey of this device already added). */
function isBrowserRefusal(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'InvalidStateError' || name === 'AbortError';
}

/** Current password, then the browser creates the passkey. */
function AddPasskeyForm({ count, onAdded }: { count: number; onAdded: (passkey: Passkey) => void }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const form = useValibotForm(passwordForm, { password: '' });
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);
  const full = count >= MAX_PASSKEYS;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(IDLE);
    try {
      const passkey = await addPasskey(password);
      form.reset();
      onAdded(passkey);
      setOutcome({ kind: 'success', key: 'profile.passkeys.added', values: { name: passkey.name } });
    } catch (error) {
      if (isBrowserRefusal(error)) {
        setOutcome({ kind: 'failure', key: 'profile.passkeys.notCreated' });
        return;
      }
      const failure = await describeFailure(error);
      if (failure.status === 401)
        form.setServerErrors([{ field: 'password', code: 'errors.invalidPassword' }]);
      else if (failure.code === 'PASSKEY_LIMIT')
        setOutcome({ kind: 'failure', key: 'profile.passkeys.limit' });
      else if (failure.code === 'PASSKEY_EXISTS')
        setOutcome({ kind: 'failure', key: 'profile.passkeys.exists' });
      else if (failure.code === 'PASSKEY_NOT_ADDED')
        setOutcome({ kind: 'failure', key: 'profile.passkeys.notCreated' });
      else setOutcome({ kind: 'failure', ...genericFailure(failure) });
    }
  });

  return (
    <>
      {full ? (
        <p className="notice">{t('profile.passkeys.limit')}</p>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
          <p className="field__hint">{t('profile.passkeys.addIntro')}</p>
          <PasswordField {...form.field('password')} label={t('profile.currentPassword')} required />
          <Button type="submit" busy={form.isSubmitting}>
            {t('profile.passkeys.add')}
          </Button>
        </form>
      )}
      <FormResult outcome={outcome} />
    </>
  );
}

/** The name field of one passkey, saved on its own. */
function RenameForm({ passkey, onRenamed }: { passkey: Passkey; onRenamed: (passkey: Passkey) => void }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const form = useValibotForm(renamePasskeyForm, { name: passkey.name });
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setOutcome(IDLE);
    try {
      const renamed = await renamePasskey(passkey.id, name);
      form.reset({ name: renamed.name });
      onRenamed(renamed);
      setOutcome({ kind: 'success', key: 'profile.passkeys.renamed' });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.status === 400 && failure.fields.length > 0) form.setServerErrors(failure.fields);
      else setOutcome({ kind: 'failure', ...genericFailure(failure) });
    }
  });

  return (
    <>
      <form className="form passkey__rename" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <TextField {...form.field('name')} label={t('profile.passkeys.name')} autoComplete="off" required />
        <Button type="submit" variant="secondary" busy={form.isSubmitting}>
          {t('profile.passkeys.saveName')}
        </Button>
      </form>
      <FormResult outcome={outcome} />
    </>
  );
}

type RemoveProps = {
  passkey: Passkey;
  /** Whether this passkey's password field is shown (one at a time, and then no "Add a passkey" form). */
  open: boolean;
  onOpen: (id: string | null) => void;
  onRemoved: (id: string) => void;
};

/** "Remove" opens the password field; removing asks the api, which ends the sessions the passkey opened. */
function RemoveForm({ passkey, open, onOpen, onRemoved }: RemoveProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const form = useValibotForm(passwordForm, { password: '' });
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(IDLE);
    try {
      await removePasskey(passkey.id, password);
      onRemoved(passkey.id);
      // A session opened with this passkey has just ended on the server: the page follows at once.
      void useAuthStore.getState().checkSession();
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.status === 401)
        form.setServerErrors([{ field: 'password', code: 'errors.invalidPassword' }]);
      else setOutcome({ kind: 'failure', ...genericFailure(failure) });
    }
  });

  if (!open) {
    return (
      <Button type="button" variant="secondary" onClick={() => onOpen(passkey.id)}>
        {t('profile.passkeys.remove')}
      </Button>
    );
  }
  return (
    <>
      <form className="form passkey__remove" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <p>{t('profile.passkeys.removeIntro', { name: passkey.name })}</p>
        <PasswordField {...form.field('password')} label={t('profile.currentPassword')} required autoFocus />
        <div className="form__actions">
          <Button type="submit" busy={form.isSubmitting}>
            {t('profile.passkeys.remove')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpen(null)}>
            {t('profile.passkeys.cancel')}
          </Button>
        </div>
      </form>
      <FormResult outcome={outcome} />
    </>
  );
}

function PasskeyItem({ onChanged, ...remove }: RemoveProps & { onChanged: (passkey: Passkey) => void }) {
  const { passkey } = remove;
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const dateText = useDateText();
  const headingId = useId();
  return (
    <li className="passkey" aria-labelledby={headingId}>
      <h3 id={headingId}>{passkey.name}</h3>
      <dl className="details-list">
        <div className="details-list__row">
          <dt>{t('profile.passkeys.createdAt')}</dt>
          <dd>{dateText(passkey.createdAt)}</dd>
        </div>
        <div className="details-list__row">
          <dt>{t('profile.passkeys.lastUsedAt')}</dt>
          <dd>{passkey.lastUsedAt ? dateText(passkey.lastUsedAt) : t('profile.passkeys.neverUsed')}</dd>
        </div>
      </dl>
      <RenameForm passkey={passkey} onRenamed={onChanged} />
      <RemoveForm {...remove} />
    </li>
  );
}

function PasskeyList({ initial }: { initial: Passkey[] }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const [passkeys, setPasskeys] = useState(initial);
  const [removed, setRemoved] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const update = (changed: Passkey) =>
    setPasskeys((list) => list.map((item) => (item.id === changed.id ? changed : item)));
  const remove = (id: string) => {
    setRemoved(passkeys.find((item) => item.id === id)?.name ?? null);
    setRemoving(null);
    setPasskeys((list) => list.filter((item) => item.id !== id));
  };
  return (
    <>
      {passkeys.length === 0 ? (
        <p>{t('profile.passkeys.none')}</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              open={removing === passkey.id}
              onOpen={setRemoving}
              onChanged={update}
              onRemoved={remove}
            />
          ))}
        </ul>
      )}
      <div role="status" className="form-result">
        {removed !== null ? (
          <p className="confirmation">{t('profile.passkeys.removed', { name: removed })}</p>
        ) : null}
      </div>
      {removing === null ? (
        <AddPasskeyForm
          count={passkeys.length}
          onAdded={(passkey) => {
            setRemoved(null);
            setPasskeys((list) => [...list, passkey]);
          }}
        />
      ) : null}
    </>
  );
}

/** Profile > Passkeys: the student's passkeys (name, date added, date last used), add and remove. */
export function PasskeysSection() {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const resource = usePasskeys();
  return (
    <section className="profile-section" id="passkeys" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.passkeys.title')}</h2>
      <p>{t('profile.passkeys.intro')}</p>
      <ResourceView resource={resource} errorText={t('profile.passkeys.loadFailed')}>
        {(list) => <PasskeyList initial={list} />}
      </ResourceView>
    </section>
  );
}
