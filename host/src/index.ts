// The skeleton's styles ship with the entry so the striped layout shows before the app is loaded.
import '@portal/shared/styles.css';
import './styles/host.css';

// The async boundary lets the federation runtime negotiate shared modules before React loads.
void import('./bootstrap');
