import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import type { AlertMessage } from '@portal/shared';
import { Icon } from './icon';
import type { IconName } from './icon';
import { SanitizedHtml } from './sanitized-html';

/** The kinds of alert; `info` and `information` are the same. */
export type AlertType = 'info' | 'information' | 'warning' | 'error' | 'success';

/** Props of {@link Alert} (docs/requirements.md §8). */
export type AlertProps = {
  /** Translation key (or text) of the heading. */
  title: string;
  /** The messages; the alert renders nothing without at least one. */
  messages: AlertMessage[];
  /** Default `info`. */
  type?: AlertType;
  /** Shown under the messages as "Error code: …". */
  errorCode?: string;
  /** Translation key (or text) shown above the messages. */
  subTitle?: string;
  /** Shows a close button (default true). Closing hides the alert for good. */
  closable?: boolean;
  /** Shows the messages' html texts as a numbered list (default false). */
  messagesList?: boolean;
  /** Shows only the html text of each message (default false). */
  contextual?: boolean;
  /** Called once the alert has been closed. */
  onClose?: () => void;
  /**
   * Scrolls the alert into view and moves the focus to it when it appears (default: for errors),
   * so that a student scrolled down at the form's button sees why nothing happened. Turn it off for
   * an alert that is the page itself on load (its heading takes the focus).
   */
  takeFocus?: boolean;
  /** Shown after the messages (e.g. an incident number and a link to customer service). */
  children?: ReactNode;
};

const ICONS: Record<AlertType, IconName> = {
  info: 'bell',
  information: 'bell',
  warning: 'exclamation-circle',
  error: 'exclamation-triangle',
  success: 'check-circle',
};

/** Matches the fade-out transition in styles.css. */
export const ALERT_FADE_MS = 200;

type Phase = 'shown' | 'leaving' | 'closed';

/**
 * A message box (docs/requirements.md §8). Each message shows its code translated with its context, or, when
 * the context has an `html` key, that translation as sanitised HTML. `contextual` shows only the
 * html texts; `messagesList` shows the subtitle and a numbered list. The container's
 * `data-error-code` is the first message's code, and so is its `id` unless another element on the
 * page has that id already (then the id is the code with a suffix). Errors and warnings are announced at once
 * (`role="alert"`), the others politely (`role="status"`).
 */
export function Alert({
  title,
  messages,
  type = 'info',
  errorCode,
  subTitle,
  closable = true,
  messagesList = false,
  contextual = false,
  onClose,
  takeFocus = type === 'error',
  children,
}: AlertProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('shown');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);
  const instance = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [idTaken, setIdTaken] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = messages.length > 0;
  useEffect(() => {
    const element = container.current;
    if (!takeFocus || !shown || !element) return;
    // Centred: a sticky header does not cover it. The focus then need not scroll again.
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [takeFocus, shown]);

  const first = messages[0];
  const code = first?.code;
  // The first alert with a code is identified by the code itself; another one on the page at the
  // same time gets a suffix, so that ids stay unique (data-error-code keeps the bare code).
  useLayoutEffect(() => {
    if (!code || !container.current) return;
    const holder = document.getElementById(code);
    setIdTaken(holder !== null && holder !== container.current);
  }, [code]);
  if (!first || phase === 'closed') return null;

  const close = () => {
    setPhase('leaving');
    timer.current = setTimeout(() => {
      setPhase('closed');
      onClose?.();
    }, ALERT_FADE_MS);
  };

  // Interpolated values (names, numbers from a response) are escaped before the text is parsed as
  // HTML: only the translation itself may carry markup.
  const htmlOf = (message: AlertMessage): string | undefined =>
    message.context?.html
      ? t(message.context.html, { ...message.context, interpolation: { escapeValue: true } })
      : undefined;
  const textOf = (message: AlertMessage): string => t(message.code, message.context);

  let body;
  if (messagesList) {
    body = (
      <ol className="alert__list">
        {messages.map((message, index) => {
          const html = htmlOf(message);
          return (
            <li key={`${message.code}-${index}`}>
              {html ? <SanitizedHtml as="span" html={html} /> : textOf(message)}
            </li>
          );
        })}
      </ol>
    );
  } else if (contextual) {
    body = messages.map((message, index) => {
      const html = htmlOf(message);
      return html ? (
        <SanitizedHtml key={`${message.code}-${index}`} className="alert__message" html={html} />
      ) : null;
    });
  } else {
    body = messages.map((message, index) => {
      const html = htmlOf(message);
      return html ? (
        <SanitizedHtml key={`${message.code}-${index}`} className="alert__message" html={html} />
      ) : (
        <p key={`${message.code}-${index}`} className="alert__message">
          {textOf(message)}
        </p>
      );
    });
  }

  const kind = type === 'information' ? 'info' : type;
  const classes = ['alert', `alert--${kind}`, phase === 'leaving' ? 'alert--leaving' : 'alert--shown'].join(
    ' ',
  );

  return (
    <div
      ref={container}
      id={idTaken ? `${first.code}-${instance}` : first.code}
      data-error-code={first.code}
      className={classes}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      tabIndex={takeFocus ? -1 : undefined}
    >
      <Icon name={ICONS[type]} className="alert__icon" size={24} />
      <div className="alert__content">
        <p className="alert__title">{t(title)}</p>
        {subTitle ? <p className="alert__subtitle">{t(subTitle)}</p> : null}
        {body}
        {errorCode ? <p className="alert__code">{t('Alert.errorCode', { code: errorCode })}</p> : null}
        {children}
      </div>
      {closable ? (
        <button type="button" className="alert__close" onClick={close} aria-label={t('Alert.close')}>
          <Icon name="close" />
        </button>
      ) : null}
    </div>
  );
}
