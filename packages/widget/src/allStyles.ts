/// <reference types="vite/client" />
/**
 * Every stylesheet of the page as one text, for React hosts that render SearchPage
 * without the shadow root and manage styles themselves. The page script does not
 * import it: there, the chips' and the panels' sheets arrive with their chunks (adoptStyles.ts).
 */
import { BASE_STYLES } from './baseStyles';
import chipList from './ui/ChipList.css?inline';
import intent from './ui/intent.css?inline';
import panels from './ui/panels.css?inline';

export const partnersNetworkStyles: string = BASE_STYLES + chipList + intent + panels;
