import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import { Icon } from './icon';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

/** Props of {@link PasswordField}. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'suffix'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="field__toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={visible ? t('PasswordField.hide') : t('PasswordField.show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} />
        </button>
      }
    />
  );
}
