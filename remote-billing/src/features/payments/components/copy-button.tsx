import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button } from '@portal/ui';

export type CopyButtonProps = {
  /** What is copied. */
  value: string;
  /** The name of what is copied, for the button's accessible name ("Copy IBAN"). */
  label: string;
};

const FEEDBACK_MS = 4000;

/** Copies one value to the clipboard and says so in a polite live region beside it. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation('billing');
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setResult('copied');
    } catch {
      // No clipboard (insecure context, permission refused): the value stays on screen to select.
      setResult('failed');
    }
    timer.current = setTimeout(() => setResult(null), FEEDBACK_MS);
  };

  return (
    <span className="copy-button">
      <Button variant="secondary" onClick={() => void copy()}>
        {t('transfer.copy')}
        <span className="visually-hidden"> {label}</span>
      </Button>
      <span role="status" className="copy-button__result">
        {result ? t(`transfer.${result}`, { label }) : ''}
      </span>
    </span>
  );
}
