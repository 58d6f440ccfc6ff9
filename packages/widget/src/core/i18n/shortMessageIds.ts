/**
 * The page's message ids to their short names in the page scripts: the build writes the
 * table here (scripts/renameMessageIds.ts: the catalogues' keys and the parts' `t('…')`
 * are numbers there, 2 to 3 bytes each instead of the id). null in the sources, the tests
 * and the library build, where an id is its own name. Only the operators' messages parser
 * reads it (a chunk): operators still write the ids docs/messages.md lists.
 */
export const SHORT_MESSAGE_IDS: Readonly<Record<string, string>> | null = null;
