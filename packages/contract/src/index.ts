export * from './schemas';
export * from './portalSchemas';
export * from './searchText';
export * from './apiPaths';
export * from './searchCriteriaLimits';
export * from './dataSchema';
export * from './dataSchemas';
export * from './parseData';
