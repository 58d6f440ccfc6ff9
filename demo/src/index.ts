export { startDemoServer } from './startDemoServer';
export type { RunningDemo, StartDemoOptions } from './startDemoServer';
export { createDemoApp, CONTENT_SECURITY_POLICY } from './createDemoApp';
export type { DirectoryData } from '@partners-network/server';
export { EMBEDDING_AUTH_TOKEN } from './registerEmbeddingRoutes';
export { renderLayout } from './renderPortalPage';
