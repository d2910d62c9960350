import { RemoteCheck } from './remote-check';
import type { Verdict } from './submit-checks';

function deferred() {
  let resolve!: (verdict: Verdict) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Verdict>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RemoteCheck', () => {
  it('joins a request in flight for the same value instead of sending another', async () => {
    const pending = deferred();
    const run = vi.fn(() => pending.promise);
    const check = new RemoteCheck(run);
    const first = check.check('bob');
    const second = check.check('bob');
    pending.resolve({ status: 'y' });
    await expect(first).resolves.toEqual({ status: 'y' });
    await expect(second).resolves.toEqual({ status: 'y' });
    expect(run).toHaveBeenCalledTimes(1);
    expect(check.isValid('bob')).toBe(true);
  });

  it('reuses a settled verdict for the same value', async () => {
    const run = vi.fn(async (): Promise<Verdict> => ({ status: 'n', info: '' }));
    const check = new RemoteCheck(run);
    await check.check('bob');
    await check.check('bob');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('asks again after a check that gave no verdict', async () => {
    const run = vi.fn(async (): Promise<Verdict> => Promise.reject(new Error('offline')));
    const check = new RemoteCheck(run);
    await expect(check.check('bob')).resolves.toEqual({ status: 'error' });
    await check.check('bob');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never lets an answer for an older value make the new value valid', async () => {
    const old = deferred();
    const run = vi.fn().mockReturnValueOnce(old.promise).mockResolvedValueOnce({ status: 'n', info: '' });
    const check = new RemoteCheck(run);
    void check.check('bob');
    await check.check('bobby');
    old.resolve({ status: 'y' });
    await old.promise;
    await Promise.resolve();
    expect(check.isValid('bob')).toBe(false);
    expect(check.isValid('bobby')).toBe(false);
    expect(check.isCurrent('bob')).toBe(false);
  });

  it('forgets everything on reset', async () => {
    const check = new RemoteCheck(async () => ({ status: 'y' }));
    await check.check('bob');
    check.reset();
    expect(check.isValid('bob')).toBe(false);
  });
});
