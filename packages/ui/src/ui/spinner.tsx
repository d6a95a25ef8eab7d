import { useTranslation } from '@portal/shared/react-i18next';

/** Props of {@link Spinner}. */
export type SpinnerProps = {
  /** Text for assistive technology (default "Loading…"). */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  /** Renders only the animation, for use inside a busy button that already says what happens. */
  decorative?: boolean;
};

/** A loading indicator, announced politely. */
export function Spinner({ label, size = 'medium', decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('Spinner.loading')}</span>
    </span>
  );
}
