// The sessions feature as other features see it: the Profile section listing the devices signed in.
export { SessionsSection } from './components/sessions-section';
