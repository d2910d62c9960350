import { act, render, screen } from '@testing-library/react';
import { ClosedPuzzle } from './closed-puzzle';

vi.mock('@game-register/puzzle-captcha', () => {
  throw new Error('chunk failed to load');
});

it('keeps the screen when the puzzle chunk fails to load', async () => {
  render(
    <>
      <p>download screen</p>
      <ClosedPuzzle />
    </>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(screen.getByText('download screen')).toBeInTheDocument();
});
