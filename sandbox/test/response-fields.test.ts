import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperationName } from '@/lib/partner-api/operations';
import { startSandbox } from '../src/server';
import { GUEST, P, bookableStay, openSandbox, type Api } from './helpers';

/** Every field path of a payload, array elements written as `[]`: `houseList[].price.startDate`. */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldPaths(item, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return [
    ...new Set(
      Object.entries(value).flatMap(([key, child]) => {
        const here = prefix === '' ? key : `${prefix}.${key}`;
        return [here, ...fieldPaths(child, here)];
      }),
    ),
  ];
}

/** The payload without the fields at these paths (the same path notation). */
function withoutPaths(value: unknown, paths: readonly string[], prefix = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutPaths(item, paths, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const here = prefix === '' ? key : `${prefix}.${key}`;
    if (!paths.includes(here)) out[key] = withoutPaths(child, paths, here);
  }
  return out;
}

let api: Api;
let stay: { startDate: string; endDate: string };
beforeAll(async () => {
  api = await openSandbox();
  stay = await bookableStay(api, 1001, 60);
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

async function bodyIn(mode: 'full' | 'seed', call: () => Promise<Response>): Promise<unknown> {
  expect((await api.hook('/fields', 'POST', { mode })).status).toBe(200);
  const res = await call();
  expect(res.status).toBe(200);
  return res.json();
}

const hold = () => api.post(`${P}/preRegisterReservation`, { houseID: 1001, ...stay, ...GUEST });

interface Case {
  readonly op: OperationName;
  readonly call: () => Promise<Response>;
  /** Exactly the fields `seed` mode leaves out of this answer. */
  readonly stripped: readonly string[];
  /** Same request, same answer: then everything else must be identical, value for value. */
  readonly repeatable: boolean;
}

const CASES: readonly Case[] = [
  {
    op: 'searchHouses',
    call: () => api.get(`${P}/searchHouses?startDate=${stay.startDate}&endDate=${stay.endDate}&child0304=1`),
    stripped: ['houseList[].houseTypeId', 'houseList[].parkId'],
    repeatable: true,
  },
  {
    op: 'houseDetails',
    call: () => api.get(`${P}/houseDetails/1001?startDate=${stay.startDate}&endDate=${stay.endDate}`),
    stripped: ['houseTypeId', 'parkId'],
    repeatable: true,
  },
  {
    op: 'optionalServices',
    call: () => api.get(`${P}/optionalServices?houseId=1001`),
    stripped: [],
    repeatable: true,
  },
  {
    op: 'availableHouseUnits',
    call: () =>
      api.get(`${P}/availableHouseUnits?houseId=1001&startDate=${stay.startDate}&endDate=${stay.endDate}`),
    stripped: ['[].numberOfPets', '[].allowPets', '[].preferenceIds'],
    repeatable: true,
  },
  { op: 'usedHouseTypes', call: () => api.get(`${P}/usedHouseTypes`), stripped: ['[].id'], repeatable: true },
  {
    op: 'parkActiveHouses',
    call: () => api.get(`${P}/parkActiveHouses`),
    stripped: ['[].parkId'],
    repeatable: true,
  },
  { op: 'parkData', call: () => api.get(`${P}/parkData`), stripped: ['[].id', '[].name'], repeatable: true },
  {
    op: 'priceSpecifications',
    call: () =>
      api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        cancellationFund: true,
        preferences: [],
      }),
    stripped: [],
    repeatable: true,
  },
  {
    op: 'preRegisterReservation',
    call: hold,
    stripped: ['holdExpiresAt', 'reservationStatus'],
    repeatable: false,
  },
  {
    op: 'finalizeReservation',
    call: async () => {
      const { transactionId } = await api.json<{ transactionId: string }>(await hold());
      return api.post(`${P}/finalizeReservation`, { transactionId, paymentType: 'NowFullAmount' });
    },
    stripped: ['reservationStatus', 'paymentUrl'],
    repeatable: false,
  },
];

describe('SANDBOX_FIELDS=seed answers with the documented fields only', () => {
  for (const c of CASES) {
    const what = c.stripped.length > 0 ? c.stripped.join(', ') : 'nothing';
    it(`${c.op}: seed leaves out exactly ${what}; full keeps every field`, async () => {
      const full = await bodyIn('full', c.call);
      const seed = await bodyIn('seed', c.call);
      const fullPaths = fieldPaths(full);
      const seedPaths = fieldPaths(seed);
      // Something to compare: an empty answer would prove nothing.
      expect(seedPaths.length).toBeGreaterThan(0);
      expect(fullPaths).toEqual(expect.arrayContaining([...c.stripped]));
      expect(fullPaths.filter((p) => !seedPaths.includes(p)).sort()).toEqual([...c.stripped].sort());
      expect(seedPaths.filter((p) => !fullPaths.includes(p))).toEqual([]);
      if (c.repeatable) expect(seed).toEqual(withoutPaths(full, c.stripped));
    });
  }

  it('no sandbox-only field appears at any depth during a whole seed-mode booking', async () => {
    await api.hook('/fields', 'POST', { mode: 'seed' });
    const bodies: unknown[] = [];
    for (const c of CASES) {
      const res = await c.call();
      expect(res.status, c.op).toBe(200);
      bodies.push(await res.json());
    }
    const { transactionId } = await api.json<{ transactionId: string }>(await hold());
    const later = await api.post(`${P}/finalizeReservation`, { transactionId, paymentType: 'Later' });
    bodies.push(await later.json());
    const names = new Set(bodies.flatMap((b) => fieldPaths(b)).map((p) => p.split('.').pop()));
    for (const name of ['parkId', 'houseTypeId', 'paymentUrl', 'holdExpiresAt', 'reservationStatus'])
      expect(names.has(name), name).toBe(false);
    const units = bodies[CASES.findIndex((c) => c.op === 'availableHouseUnits')] as object[];
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units)
      expect(Object.keys(unit).sort()).toEqual([
        'endDate',
        'houseId',
        'nrPets',
        'startDate',
        'unitId',
        'unitNumber',
      ]);
  });

  it('availability, prices and holds behave the same in both modes', async () => {
    // A seed-mode hold takes its unit away from a full-mode unit list, and the reverse.
    const units = async () =>
      (
        await api.json<{ unitId: number }[]>(
          await api.get(
            `${P}/availableHouseUnits?houseId=1001&startDate=${stay.startDate}&endDate=${stay.endDate}`,
          ),
        )
      ).map((u) => u.unitId);
    await api.hook('/fields', 'POST', { mode: 'full' });
    const before = await units();
    await api.hook('/fields', 'POST', { mode: 'seed' });
    const held = await api.json<{ houseUnits: { id: number }[] }>(await hold());
    const heldUnit = held.houseUnits[0]?.id;
    expect(before).toContain(heldUnit);
    await api.hook('/fields', 'POST', { mode: 'full' });
    expect(await units()).toEqual(before.filter((id) => id !== heldUnit));
  });

  it('error answers are the same in seed mode', async () => {
    await api.hook('/fields', 'POST', { mode: 'seed' });
    const res = await api.get(`${P}/houseDetails/1001?startDate=not-a-date`);
    expect(res.status).toBe(400);
    const body = await api.json<{ status: string; code: number; errors: Record<string, string[]> }>(res);
    expect(body).toMatchObject({ status: 'error', code: 400 });
    expect(Object.keys(body.errors)).toContain('startDate');
  });
});

describe('choosing the field mode', () => {
  const saved = process.env.SANDBOX_FIELDS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_FIELDS;
    else process.env.SANDBOX_FIELDS = saved;
  });

  it('the fields hook switches the mode, refuses other values, and a reset restores the start-up mode', async () => {
    expect(await api.json(await api.hook('/fields'))).toEqual({ mode: 'full' });
    const bad = await api.hook('/fields', 'POST', { mode: 'partial' });
    expect(bad.status).toBe(400);
    expect(await api.json(await api.hook('/fields'))).toEqual({ mode: 'full' });
    expect(await api.json(await api.hook('/fields', 'POST', { mode: 'seed' }))).toEqual({ mode: 'seed' });
    await api.hook('/reset', 'POST');
    expect(await api.json(await api.hook('/fields'))).toEqual({ mode: 'full' });
  });

  it('startSandbox follows SANDBOX_FIELDS, defaults to full, and an explicit option wins', async () => {
    const modeOf = async (opts: Parameters<typeof startSandbox>[0]) => {
      const sandbox = await startSandbox({ port: 0, ...opts });
      try {
        return ((await (await fetch(`${sandbox.url}/__sandbox/fields`)).json()) as { mode: string }).mode;
      } finally {
        await sandbox.close();
      }
    };
    delete process.env.SANDBOX_FIELDS;
    expect(await modeOf({})).toBe('full');
    process.env.SANDBOX_FIELDS = 'seed';
    expect(await modeOf({})).toBe('seed');
    expect(await modeOf({ fields: 'full' })).toBe('full');
  });

  it('startSandbox refuses any other SANDBOX_FIELDS value with a message naming the choices', async () => {
    process.env.SANDBOX_FIELDS = 'documented';
    await expect(startSandbox({ port: 0 })).rejects.toThrow(
      'SANDBOX_FIELDS must be "full" or "seed", got "documented"',
    );
  });

  it('the CLI exits non-zero with one clear line for an invalid SANDBOX_FIELDS', () => {
    const root = path.resolve(__dirname, '../..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts'], {
      cwd: root,
      env: { ...process.env, SANDBOX_FIELDS: 'Seed', SANDBOX_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('[sandbox] SANDBOX_FIELDS must be "full" or "seed", got "Seed"');
  });
});
