import '@portal/ui/styles.css';
import { mountStandalone } from '@portal/ui/standalone';
import { pages } from './exposed/pages';

// Standalone mount for this team's development: every exposed page on `/<key>`.
mountStandalone({ pages });
