export { Alert, ALERT_FADE_MS } from './alert';
export type { AlertProps, AlertType } from './alert';
export { Button } from './button';
export type { ButtonProps } from './button';
export { Card } from './card';
export type { CardProps } from './card';
export { DateField } from './date-field';
export type { DateFieldProps } from './date-field';
export {
  describedBy,
  errorIdOf,
  fieldAria,
  fieldClassName,
  FieldError,
  FieldFrame,
  FieldHint,
  hintIdOf,
} from './field-parts';
export type { FieldFrameProps } from './field-parts';
export { Icon, ICON_NAMES, SPRITE_FILE, SPRITE_URL } from './icon';
export type { IconName, IconProps } from './icon';
export { LoadState, ResourceView } from './load-state';
export type { LoadStateProps, ResourceViewProps } from './load-state';
export { PageHeading } from './page-heading';
export type { PageHeadingProps } from './page-heading';
export { PasswordField } from './password-field';
export type { PasswordFieldProps } from './password-field';
export { RadioGroup } from './radio-group';
export type { RadioGroupProps } from './radio-group';
export { preloadHtmlSanitizer, SanitizedHtml, sanitizeHtml, setServerHtmlSanitizer } from './sanitized-html';
export type { HtmlSanitizer, SanitizedHtmlProps } from './sanitized-html';
export { SelectField } from './select-field';
export type { FieldOption, SelectFieldProps } from './select-field';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { TextAreaField } from './text-area-field';
export type { TextAreaFieldProps } from './text-area-field';
export { TextField } from './text-field';
export type { TextFieldProps } from './text-field';
export { useValibotForm } from './use-valibot-form';
export type { BoundCheckboxProps, BoundFieldProps, UseValibotFormResult } from './use-valibot-form';
