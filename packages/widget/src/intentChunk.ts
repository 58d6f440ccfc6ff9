/**
 * What a visitor's first intent asks for, one chunk: the page asks for it at the first focus
 * or pointer press in the page (SearchPage.tsx), so it is in before that visitor's first
 * action and its answer are. A visit that never reaches for the page does not load it.
 * - The chips of ticked items, with their sheet and the sheet of what only a visitor's
 *   action shows (ui/ChipList.tsx, ui/intent.css).
 * - The address writer's saved search (core/writeLocation.ts): the first answer writes only
 *   the route, the saved search goes into the address from the visitor's first action on
 *   (core/connectUrl.ts asks for this chunk with that write, if the intent did not).
 * - What follows a Load More's paint: focus to its first card, the appended cards' pictures
 *   (core/afterLoadMore.ts; hooks/useFocusAfterLoadMore.ts asks for this chunk then).
 * One chunk rather than two: 16 B less in the page script (bench/README.md, url16).
 */
export { ChipList, styles } from './ui/ChipList';
export { searchParamOf } from './core/writeLocation';
export { afterLoadMore } from './core/afterLoadMore';
