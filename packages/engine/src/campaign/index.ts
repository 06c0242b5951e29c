export * from './clock';
export * from './time';
export * from './record';
export * from './carry';
export * from './commands';
export * from './campaign';
export * from './view';
