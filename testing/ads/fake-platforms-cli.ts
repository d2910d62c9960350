// The fake ad platforms as a process of their own, for the bench (bench/server/ads.ts): FAKE_PORT, and every
// answer FAKE_DELAY_MS late. Run with: node --conditions=game-register-source --import tsx <this file>.
import { startFakePlatforms } from './fake-platforms';

const fake = await startFakePlatforms(Number(process.env.FAKE_PORT ?? 0));
fake.behave('all', 'ok', Number(process.env.FAKE_DELAY_MS ?? 0));
console.log(`fake ad platforms on ${fake.origin}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
