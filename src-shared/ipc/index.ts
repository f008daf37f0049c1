export * from './contract';
export * from './names';
export * from './result';
