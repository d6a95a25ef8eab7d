export {
  EMERGENCY_PASS_KEY,
  parseEmergencyPass,
  readEmergencyPass,
  removeEmergencyPass,
  saveEmergencyPass,
  subscribeEmergencyPass,
} from './emergency-pass';
export type { EmergencyPass, EmergencyPassContacts, EmergencyPassPolicy } from './emergency-pass';
