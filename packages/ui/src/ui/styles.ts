import './styles.css';

/**
 * Importing this module adds the shared stylesheet to the page (webpack: style-loader and
 * css-loader). The host imports it once: `import '@portal/ui/styles'`. It is kept out of
 * the main entry so that unit tests, which cannot load CSS, can import `@portal/shared`.
 */
export const SHARED_STYLES = 'portal-shared-styles';
