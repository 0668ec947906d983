import { test } from '@playwright/test';
import { SANDBOX_URL } from '../../playwright.config';

/** The sandbox's test hooks (sandbox/src/hooks.ts), for scenarios that need counts or scripted failures. */
export interface SandboxStats {
  calls: { total: number; byOperation: Record<string, number> };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

export interface SandboxReservation {
  transactionId: string;
  houseId: number;
  unitId: number;
  startDate: string;
  endDate: string;
  status: string;
  finalizeCalls: number;
}

export type FieldMode = 'full' | 'seed';

/** The running test's project metadata (playwright.config.ts), or none outside a test. */
function projectMetadata(): Record<string, unknown> {
  try {
    return test.info().project.metadata as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The sandbox behind the running test's site: each field mode has its own sandbox and site
 * (playwright.config.ts), named in the project's metadata.
 */
export function sandboxUrl(): string {
  const url = projectMetadata().sandboxUrl;
  return typeof url === 'string' ? url : SANDBOX_URL;
}

/** Which response fields the running test's sandbox sends: all it knows, or only the documented ones. */
export function fieldMode(): FieldMode {
  return projectMetadata().fields === 'seed' ? 'seed' : 'full';
}

export const sandbox = {
  get url(): string {
    return sandboxUrl();
  },
  async stats(): Promise<SandboxStats> {
    return (await fetch(`${sandboxUrl()}/__sandbox/stats`)).json() as Promise<SandboxStats>;
  },
  async reset(): Promise<void> {
    await fetch(`${sandboxUrl()}/__sandbox/reset`, { method: 'POST' });
  },
  async fault(fault: Record<string, unknown>): Promise<void> {
    await fetch(`${sandboxUrl()}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    });
  },
  async clearFaults(): Promise<void> {
    await fetch(`${sandboxUrl()}/__sandbox/faults`, { method: 'DELETE' });
  },
  /** Books every free unit of a house for a period, as guests elsewhere would (sold out from then on). */
  async bookOut(stay: { houseId: number; startDate: string; endDate: string }): Promise<void> {
    const res = await fetch(`${sandboxUrl()}/__sandbox/book-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(stay),
    });
    if (!res.ok) throw new Error(`book-out answered ${res.status}`);
  },
  /**
   * Whether the sandbox refuses a unit that lacks the chosen preferences or pets (`enforced`) or
   * holds any free unit, as the partner's documentation allows (`advisory`).
   */
  async preferences(mode: 'enforced' | 'advisory'): Promise<void> {
    const res = await fetch(`${sandboxUrl()}/__sandbox/preferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    if (!res.ok) throw new Error(`the preferences switch answered ${res.status}`);
  },
  async reservations(): Promise<SandboxReservation[]> {
    return (await fetch(`${sandboxUrl()}/__sandbox/reservations`)).json() as Promise<SandboxReservation[]>;
  },
  /** Calls the sandbox as the partner would be called (demo credentials), e.g. to find test data. */
  async partner<T>(pathAndQuery: string, language = 'EN'): Promise<T> {
    const res = await fetch(`${sandboxUrl()}/bungalow/api/v1/booking/${pathAndQuery}`, {
      headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language },
    });
    return res.json() as Promise<T>;
  },
};

/**
 * The sandbox answers these reads the same way all run long, and it counts every call against
 * the partner's per-minute limit that the site shares: ask each question once per test file.
 */
const answers = new Map<string, Promise<unknown>>();
export function askPartner<T>(path: string, language = 'EN'): Promise<T> {
  const key = `${sandboxUrl()} ${language} ${path}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = sandbox.partner<T>(path, language).then((body) => {
      if (body && typeof body === 'object' && 'code' in body && (body as { code: unknown }).code === 429) {
        answers.delete(key);
        throw new Error(`sandbox rate limit reached while reading ${path}`);
      }
      return body;
    });
    answers.set(key, answer);
  }
  return answer as Promise<T>;
}

/**
 * The site the running test's project opens (its baseURL): the seed project has a site of its own
 * (playwright.config.ts), so a request made outside the page goes to the project's site too.
 */
export function siteUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the project names no baseURL');
  return url;
}

/** The first house the sandbox prices, with the stay of its price: a stay that can be booked. */
export async function bookableStay(): Promise<{ houseId: number; startDate: string; endDate: string }> {
  const search = await askPartner<{
    houseList: Array<{ houseId: number; price?: { startDate: string; endDate: string } }>;
  }>('searchHouses');
  const house = search.houseList.find((h) => h.price)!;
  return { houseId: house.houseId, startDate: house.price!.startDate.slice(0, 10), endDate: house.price!.endDate.slice(0, 10) };
}
