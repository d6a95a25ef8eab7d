import '@portal/shared/styles.css';
import { mountStandalone } from '@portal/shared/standalone';
import { pages } from './exposed/pages';

// Standalone mount for this team's development: every exposed page on `/<key>`.
mountStandalone({ pages });
