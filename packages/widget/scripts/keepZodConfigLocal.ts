import type { Plugin } from 'vite';

const ZOD_GLOBALS = /[\\/]zod[\\/]v4[\\/]core[\\/](core|registries)\.js$/;

/**
 * zod keeps its configuration and registry on `globalThis.__zod_globalConfig` and
 * `__zod_globalRegistry`, so that copies of zod on one page share them. The widget
 * promises the page no global variable, so in the page script they live in zod's own
 * modules instead (the widget never configures zod nor uses its registry).
 */
export function keepZodConfigLocal(): Plugin {
  return {
    name: 'partners-network:keep-zod-config-local',
    transform(code, id) {
      if (!ZOD_GLOBALS.test(id) || !code.includes('__zod_global')) return null;
      return {
        code: `const __pnZodScope = {};\n${code.replaceAll('globalThis', '__pnZodScope')}`,
        map: null,
      };
    },
  };
}
