import type { ComponentPropsWithRef } from 'react';

import { Spinner } from './spinner';

/** Props of {@link Button}. */
export type ButtonProps = ComponentPropsWithRef<'button'> & {
  /** Default `primary`. */
  variant?: 'primary' | 'secondary' | 'link' | 'danger';
  /** Shows a spinner and blocks further clicks while an action runs. */
  busy?: boolean;
  /** Shown instead of the label while busy, so the wait can be seen and read (e.g. "Sending…"). */
  busyLabel?: string;
  /** Stretches to the container's width. */
  block?: boolean;
};

/** A button; `type` defaults to `button` so that only an explicit `type="submit"` submits a form. */
export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  block = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner size="small" decorative /> : null}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
