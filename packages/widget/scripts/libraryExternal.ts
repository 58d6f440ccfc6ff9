/** What the library build and its declarations import instead of bundling: React (peer) and zod. */
export const LIBRARY_EXTERNAL = /^(react|react-dom|zod)(\/.*)?$/;
