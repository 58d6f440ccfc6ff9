/// <reference types="vite/client" />
/**
 * Every stylesheet of the page as one text, for React hosts that render SearchPage
 * without the shadow root and manage styles themselves. The page script does not
 * import it: there, the panels' sheet arrives with their chunk (adoptStyles.ts).
 */
import { BASE_STYLES } from './baseStyles';
import panels from './ui/panels.css?inline';

export const partnersNetworkStyles: string = BASE_STYLES + panels;
