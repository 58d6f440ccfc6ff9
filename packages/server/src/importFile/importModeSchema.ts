import * as z from 'zod';

/** An import's mode (`?mode=`): upsert the file's partners, or replace each site's with them. */
export const importModeSchema = z.enum(['upsert', 'replace']).default('upsert');
