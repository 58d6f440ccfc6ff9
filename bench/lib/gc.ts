/**
 * A forced garbage collection, so a memory figure is what was built and not garbage: the
 * server's own (`collectGarbage`, which needs no --expose-gc).
 */
export { collectGarbage as gc } from '@partners-network/server';
