import { render, screen } from '@testing-library/react';
import { ClosedPuzzle } from './closed-puzzle';

vi.mock('@game-register/puzzle-captcha', () => ({
  PuzzleCaptcha: ({ show }: { show?: boolean }) => <div data-testid="puzzle" data-show={String(show)} />,
}));

describe('ClosedPuzzle', () => {
  it('mounts the puzzle widget closed, only after the first paint', async () => {
    render(<ClosedPuzzle />);
    expect(screen.queryByTestId('puzzle')).toBeNull();
    expect(await screen.findByTestId('puzzle')).toHaveAttribute('data-show', 'false');
  });
});
