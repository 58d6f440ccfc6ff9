/**
 * zod 4 tries `new Function` once to decide whether to compile its parsers; the console's
 * Content-Security-Policy (no 'unsafe-eval') would report that try as a violation. Imported
 * first by the entry, before any schema parses: zod then never tries.
 */
import * as z from 'zod';

z.config({ jitless: true });
