import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Next.js loads one copy of a module for pages and another for route handlers, while the
 * governor exists once per process. These tests load two copies the same way (a fresh module
 * registry for each) and check that a scope opened through one copy is seen through the other.
 */

type Priority = typeof import('./priority');
type DeadlineScope = typeof import('./deadline-scope');

async function freshCopy<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}

afterEach(() => {
  vi.resetModules();
});

describe('request scopes across module copies', () => {
  it('a booking step opened through one copy of priority is seen through another copy', async () => {
    const pageCopy = await freshCopy<Priority>(() => import('./priority'));
    const routeCopy = await freshCopy<Priority>(() => import('./priority'));
    expect(pageCopy).not.toBe(routeCopy);
    expect(await pageCopy.asBookingStep(async () => routeCopy.inBookingStep())).toBe(true);
    expect(routeCopy.inBookingStep()).toBe(false);
    // Leaving a step through either copy leaves it for both.
    expect(
      await routeCopy.asBookingStep(async () => pageCopy.outsideBookingStep(() => routeCopy.inBookingStep())),
    ).toBe(false);
    // A booking page's reads wait like a booking's through either copy, without becoming a step.
    expect(
      await pageCopy.asBookingPage(async () => [routeCopy.waitsLikeBooking(), routeCopy.inBookingStep()]),
    ).toEqual([true, false]);
    expect(routeCopy.waitsLikeBooking()).toBe(false);
  });

  it('a deadline scope opened through one copy of deadline-scope caps reads seen through another copy', async () => {
    const pageCopy = await freshCopy<DeadlineScope>(() => import('./deadline-scope'));
    const routeCopy = await freshCopy<DeadlineScope>(() => import('./deadline-scope'));
    expect(pageCopy).not.toBe(routeCopy);
    expect(await pageCopy.underDeadline(1_000, async () => routeCopy.scopedDeadline())).toBe(1_000);
    // A later, looser scope opened through the other copy keeps the earlier deadline.
    const nested = await pageCopy.underDeadline(1_000, async () =>
      routeCopy.underDeadline(5_000, async () => routeCopy.scopedDeadline()),
    );
    expect(nested).toBe(1_000);
    expect(routeCopy.scopedDeadline()).toBeUndefined();
  });

  it('a governor built from one copy caps a read at the deadline scope another copy opened', async () => {
    const governorCopy = await freshCopy(() => import('./testing/governor'));
    const pageCopy = await freshCopy<DeadlineScope>(() => import('./deadline-scope'));
    const { clock, governor } = governorCopy.setup();
    const hang = (signal: AbortSignal) =>
      new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const started = clock.now();
    const read = pageCopy.underDeadline(started + 300, () =>
      governor.read({
        op: 'houseDetails',
        language: 'nl',
        params: { houseId: 'H1' },
        fetch: hang,
        deadlineMs: 5_000,
      }),
    );
    await expect(clock.settle(read)).rejects.toMatchObject({ code: 'timeout' });
    expect(clock.now() - started).toBe(300);
  });
});
