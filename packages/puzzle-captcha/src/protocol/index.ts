// The protocol's door: the one source of the widget-server contract. The schemas need the `typebox`
// package at run time; a browser that imports only the values of ./contract and the schemas' types
// (`import type`) never loads it.
export * from './contract';
export * from './paths';
export * from './schemas';
