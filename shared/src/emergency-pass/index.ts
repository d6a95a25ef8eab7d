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
