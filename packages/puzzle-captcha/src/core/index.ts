// The core's door: pure geometry, planning, judging and painting, shared by the widget and the server.
export * from './constants';
export * from './draw';
export * from './geometry';
export * from './guard';
export * from './paint-puzzle';
export * from './machine';
export * from './puzzle';
export * from './random';
export * from './trail';
