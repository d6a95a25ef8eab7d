import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { apiReasonMessage } from '@portal/shared/api-reason';
import { Alert, Button, RadioGroup, SelectField, TextAreaField, TextField, useValibotForm } from '@portal/ui';
import { MAX_LENGTHS, YES_NO } from '@portal/contract/validation';

import { useContactCategories } from '../api/use-contact-categories';
import { contactFormSchema, useSendContactRequest } from '../api/send-contact-request';
import { useContactSender } from '../api/use-contact-sender';
import type { ContactFormInput } from '../api/send-contact-request';

const INITIAL: ContactFormInput = {
  isCustomer: '',
  category: '',
  policyNumber: '',
  name: '',
  email: '',
  subject: '',
  question: '',
};

/** The contact request form; a customer also gives a policy number. */
export function ContactForm() {
  const { t } = useTranslation('service');
  const form = useValibotForm(contactFormSchema, INITIAL);
  const categories = useContactCategories();
  const { status, reason, send } = useSendContactRequest();
  const confirmation = useRef<HTMLDivElement>(null);
  // Logged in, she is a customer and the portal knows who she is: it asks neither.
  const { loggedIn, sender } = useContactSender();
  const { setValue } = form;
  useEffect(() => {
    if (!loggedIn) return;
    setValue('isCustomer', 'YES');
    if (sender) {
      setValue('name', sender.name);
      setValue('email', sender.email);
    }
  }, [loggedIn, sender, setValue]);
  const known = loggedIn && sender !== undefined;

  useEffect(() => {
    // The form disappears on success; focus moves to what replaced it.
    if (status === 'done') confirmation.current?.focus();
  }, [status]);

  const onSubmit = form.handleSubmit(async (output) => {
    const rejected = await send(output);
    if (rejected.length > 0) form.setServerErrors(rejected);
  });

  if (status === 'done') {
    return (
      <div ref={confirmation} role="status" className="confirmation" tabIndex={-1}>
        <p>{t('contact.sent')}</p>
      </div>
    );
  }

  const answers = YES_NO.map((value) => ({ value, label: t(`contact.answers.${value}`) }));
  return (
    <>
      {/* The error Alert is role="alert" itself: an aria-live wrapper would announce it twice. */}
      {status === 'failed' ? (
        <Alert
          type="error"
          title={t('contact.failedTitle')}
          messages={[reason ? apiReasonMessage(t, reason) : { code: 'errors.contactRequestFailed' }]}
        />
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        {loggedIn ? null : (
          <RadioGroup
            {...form.field('isCustomer')}
            legend={t('contact.isCustomer')}
            options={answers}
            inline
          />
        )}
        <SelectField
          {...form.field('category')}
          label={t('contact.category')}
          options={categories}
          required
        />
        {form.values.isCustomer === 'YES' ? (
          <TextField {...form.field('policyNumber')} label={t('contact.policyNumber')} required />
        ) : null}
        <TextField
          {...form.field('name')}
          label={t('contact.name')}
          autoComplete="name"
          readOnly={known}
          hint={known ? t('contact.fromProfile') : undefined}
          required
        />
        <TextField
          {...form.field('email')}
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          readOnly={known}
          hint={known ? t('contact.fromProfile') : undefined}
          required
        />
        <TextField
          {...form.field('subject')}
          label={t('contact.subject')}
          maxLength={MAX_LENGTHS.subject}
          required
        />
        <TextAreaField
          {...form.field('question')}
          label={t('contact.question')}
          maxLength={MAX_LENGTHS.question}
          rows={6}
          required
        />
        <Button type="submit" busy={form.isSubmitting} busyLabel={t('contact.sending')}>
          {t('contact.submit')}
        </Button>
      </form>
    </>
  );
}
