// Test helpers: a repeatable random source and where the core paints the piece. Not for production code.
export { seededRandom } from './seeded-random';
export * from './piece-bounds';
