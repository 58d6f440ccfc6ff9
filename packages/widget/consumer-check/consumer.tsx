/**
 * A consumer of the published package, type-checked against the built declarations
 * (`npm run lint:package`): every public type must resolve without the workspace.
 */
import { ELEMENT_NAME, PartnersNetworkSearch, mount } from '@partners-network/widget';
import type {
  PartnersNetworkSearchProps,
  PortalContext,
  SearchState,
} from '@partners-network/widget';
import '@partners-network/widget/register';

const context: Partial<PortalContext> = { companyId: '20097', languageId: 'fr-FR' };
const unmount: () => void = mount(document.body, { context, syncUrl: false });
unmount();

export const props: PartnersNetworkSearchProps = { context, className: 'partners' };
export const page = <PartnersNetworkSearch {...props} />;
export const element: HTMLElement = document.createElement(ELEMENT_NAME);
export type Phase = SearchState['phase'];
