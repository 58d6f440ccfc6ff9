/**
 * One partner row of an import file (JSON or CSV), after CSV columns are gathered
 * into the same shape as JSON. It is also the admin API's PUT body, so its schema is the
 * contract's (`partnerRowSchema`): the operator's console validates with the same one.
 */
export { partnerRowSchema as importRowSchema } from '@partners-network/contract';
export type { PartnerRow as ImportRow } from '@partners-network/contract';
