export * from './schemas';
export * from './searchText';
export * from './apiPaths';
