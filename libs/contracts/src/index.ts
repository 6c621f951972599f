export * from './auth';
export * from './modules';
export * from './tasks';
export * from './text';
export * from './validation';
