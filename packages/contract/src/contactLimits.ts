/**
 * The contact form's lengths (issue 26), apart from the schemas so that the page imports
 * them without zod (as searchCriteriaLimits.ts).
 */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_COMPANY_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
