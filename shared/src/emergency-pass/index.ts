// Deprecated: the Emergency Pass is the service remote's own feature now
// (remote-service/src/features/emergency/lib/emergency-pass.ts). The singleton keeps these exports
// for one release, for a remote-service of the release before, which reads them from here; the
// release after removes them (release check 2 fails until every remote's last release stops using them).
export {
  EMERGENCY_PASS_KEY,
  KEEP_OFFLINE_MESSAGE,
  keepPageOffline,
  parseEmergencyPass,
  readEmergencyPass,
  removeEmergencyPass,
  saveEmergencyPass,
  subscribeEmergencyPass,
} from './emergency-pass';
export type {
  OfflinePage,
  EmergencyPass,
  EmergencyPassContacts,
  EmergencyPassPolicy,
} from './emergency-pass';
