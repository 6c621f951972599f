export * from './auth';
export * from './modules';
export * from './tasks';
export * from './validation';
