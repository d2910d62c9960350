// The ledger's adds are written in groups: those of one turn of the event loop (Redis), or those within a few
// milliseconds of each other on libsql, where one commit a group rather than one a turn cut the CPU a reg costs.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LedgerEntry } from './entry';
import { batchedAdds, type Adding } from './ledger-store';

const entryOf = (id: string): LedgerEntry => ({
  id,
  at: 1,
  outcome: 'registered',
  reason: 'none',
  account: id,
  mobile: '138****0000',
  channel: 'H5REG',
  address: '198.51.100.7',
  network: '198.51.100.0/24',
  kind: null,
  asn: null,
  pass: null,
  click: null,
  revisedAt: null,
  verdict: 'clear',
  reasons: [],
});

/** A store's write that keeps what it was given, answering each entry's place in its batch. */
function recordingWrite() {
  const batches: string[][] = [];
  const write = async (batch: readonly Adding[]) => {
    batches.push(batch.map(({ entry }) => entry.id));
    return batch.map((_, index) => index + 1);
  };
  return { batches, write };
}

describe('batchedAdds', () => {
  it('writes the adds of one turn together, and a later turn apart, with no grouping time', async () => {
    const { batches, write } = recordingWrite();
    const add = batchedAdds(write);
    const first = [add(entryOf('a'), 1000), add(entryOf('b'), 1000)];
    await nextTurn();
    const later = add(entryOf('c'), 1000);
    expect(await Promise.all([...first, later])).toEqual([1, 2, 1]);
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });

  it('writes adds of several turns within the grouping time in one write, each answered once it is written', async () => {
    const { batches, write } = recordingWrite();
    const add = batchedAdds(write, 20);
    const answered: string[] = [];
    const adds = ['a', 'b', 'c'].map(async (id, index) => {
      for (let turn = 0; turn < index; turn += 1) await nextTurn();
      await add(entryOf(id), 1000);
      answered.push(id);
    });
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(answered).toEqual([]); // none answered before the group is written
    await Promise.all(adds);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('answers every add of a group with the write failure', async () => {
    const add = batchedAdds(async () => Promise.reject(new Error('disk full')), 5);
    const results = await Promise.allSettled([add(entryOf('a'), 1000), add(entryOf('b'), 1000)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
