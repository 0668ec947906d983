import { describe, expect, it } from 'vitest';

import { MemoryStore } from './memory-store';

describe('memory store cache entries', () => {
  const entry = { value: { houses: [{ id: 1, pictures: ['a.png'] }], note: 'é' }, storedAt: 1_900_000_000_000 };

  it('hands every reader the one entry it decoded when it was written, not a new copy per read', async () => {
    const store = new MemoryStore();
    await store.setEntry('k', entry, 60_000);
    const first = await store.getEntry('k');
    expect(first).toEqual(entry);
    expect(await store.getEntry('k')).toBe(first);
    // A copy of what the writer gave: the writer's object stays the writer's.
    expect(first?.value).not.toBe(entry.value);
  });

  it('refuses a reader that tries to change a shared entry, at any depth', async () => {
    const store = new MemoryStore();
    await store.setEntry('k', entry, 60_000);
    const read = (await store.getEntry('k')) as { value: typeof entry.value };
    expect(() => {
      read.value.houses[0]!.pictures.push('b.png');
    }).toThrow(TypeError);
    expect(() => {
      (read.value as { note: string }).note = 'changed';
    }).toThrow(TypeError);
    expect(await store.getEntry('k')).toEqual(entry);
  });
});
