import { gql } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';

/** One thing to do in an emergency. */
export type EmergencyStep = { title: string; bodyHtml: string };
/** Emergency details: numbers are E.164 (`phone`, `whatsapp`) plus a readable `phoneDisplay`. */
export type Emergency = {
  title: string;
  introHtml: string;
  phone: string;
  phoneDisplay: string;
  whatsapp: string;
  email: string;
  steps: EmergencyStep[];
};
/** Result of {@link EmergencyQuery}. */
export type EmergencyQueryResult = { emergency: Emergency };

/** How to reach the 24/7 emergency service and what to do. */
export const EmergencyQuery: TypedDocumentNode<EmergencyQueryResult, { lang: string }> = gql`
  query emergency($lang: String!) {
    emergency(language: $lang) {
      title
      introHtml
      phone
      phoneDisplay
      whatsapp
      email
      steps {
        title
        bodyHtml
      }
    }
  }
`;
