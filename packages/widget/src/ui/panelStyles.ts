/// <reference types="vite/client" />
/**
 * The sheet of the no-results and error panels (panels.css): a chunk of its own, loaded
 * when a panel first shows (a visit may never show one), and added to the page's sheet.
 */
export { default as styles } from './panels.css?inline';
