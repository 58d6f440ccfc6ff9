import * as z from 'zod';

/** An import's mode (`?mode=`): upsert the file's partners, or replace each site's with them. */
export const importModeSchema = z.enum(['upsert', 'replace']).default('upsert');

/** `?dryRun=true` of an import: report what it would do, write nothing. */
export const dryRunSchema = z.enum(['true', 'false']).default('false');
