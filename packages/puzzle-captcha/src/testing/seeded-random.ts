// The repeatable source lives in the core (a server's test-only fixed seed may use it); tests keep this path.
export { seededRandom } from '../core/random';
