/** URL the host serves the icon sprite at (docs/requirements.md §9: under the en assets path). */
export const SPRITE_URL = '/en/assets/icons.svg';

/** Path of the sprite file inside `@portal/ui`, for the host build to copy to {@link SPRITE_URL}. */
export const SPRITE_FILE = 'src/ui/assets/icons.svg';

/** Every symbol in the sprite. */
export const ICON_NAMES = [
  'bell',
  'exclamation-circle',
  'exclamation-triangle',
  'check-circle',
  'close',
  'eye',
  'eye-off',
  'chevron-down',
  'chevron-right',
  'download',
  'calendar',
  'phone',
  'mail',
  'user',
  'menu',
] as const;

/** One of {@link ICON_NAMES}. */
export type IconName = (typeof ICON_NAMES)[number];

/** Props of {@link Icon}. */
export type IconProps = {
  name: IconName;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
  /** Width and height in px (default 20). */
  size?: number;
  className?: string;
};

/** An icon from the shared SVG sprite. */
export function Icon({ name, title, size = 20, className }: IconProps) {
  const classes = ['icon', `icon--${name}`, className].filter(Boolean).join(' ');
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    >
      <use href={`${SPRITE_URL}#${name}`} />
    </svg>
  );
}
