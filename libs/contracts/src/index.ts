export * from './admin';
export * from './auth';
export * from './feature-toggles';
export * from './modules';
export * from './tasks';
export * from './text';
export * from './validation';
