// A scratch consumer of the packed package (scripts/package-consumer.ts copies it into a temp app): it
// imports the widget and a test helper through the package's public exports only, as an outside app would.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PuzzleCaptcha, type PuzzleVerdict } from '@game-register/puzzle-captcha';
import { seededRandom } from '@game-register/puzzle-captcha/testing';

const seed = Number(new URLSearchParams(window.location.search).get('seed') ?? '1');

function App() {
  const [random] = useState(() => seededRandom(seed));
  const [verdict, setVerdict] = useState('none');
  const onSuccess = (_deviation: number, result: PuzzleVerdict) => setVerdict(`success at ${Math.round(result.offsetX)}`);
  return (
    <main>
      <PuzzleCaptcha type="inside" random={random} onSuccess={onSuccess} onFail={() => setVerdict('fail')} />
      <p id="verdict">{verdict}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
