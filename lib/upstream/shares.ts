import 'server-only';
import { currentClient } from './client-scope';
import type { Clock } from './clock';
import { UpstreamError } from './errors';
import { inBookingStep } from './priority';
import type { Quota } from './quota';
import type { Store } from './store';
import { bucketParams, neededUnits, UNITS_PER_TOKEN } from './token-bucket';

/**
 * The shares of the quota that a new call is counted against before it may take a token, in the
 * store's windows so a fleet counts each once: a browsing call the client's (its browser, and all
 * browsers behind its address), a spare read the fleet's spare lane. A call over a share is
 * refused at once, unsent, as the quota would refuse it.
 */

export interface ShareSettings {
  /** GovernorOptions.clientShare. */
  readonly clientShare?: { readonly perMinute: number; readonly perAddressMinute?: number } | undefined;
  /** GovernorOptions.spareLane: spare reads the fleet may send a minute, a sixth of the budget by default. */
  readonly spareLane?: { readonly perMinute: number } | undefined;
}

const MINUTE_WINDOW = 60_000;

export function createShares(
  store: Store,
  clock: Clock,
  quota: Pick<Quota, 'sizing' | 'remaining'>,
  settings: ShareSettings,
) {
  const spareTokens = neededUnits(bucketParams(quota.sizing), 'spare') / UNITS_PER_TOKEN;
  const sparePerMinute = settings.spareLane?.perMinute ?? Math.floor(quota.sizing.budgetPerMin / 6);
  /** Spare reads of this instance admitted and not yet settled. */
  let spareUnsettled = 0;
  async function admit(
    windows: { key: string; limit: number; windowMs: number }[],
    why: string,
  ): Promise<void> {
    const wait = await store.admitWindows(windows, clock.now());
    if (wait !== null)
      throw new UpstreamError('quota_exhausted', why, { retryAfterSeconds: wait, notSent: true });
  }

  return {
    /** Counts a browsing call against its client's share, or refuses it. Booking steps, and requests of no client, have none. */
    async admitClient(): Promise<void> {
      const client = currentClient();
      const share = settings.clientShare;
      if (!share || client === undefined || inBookingStep()) return;
      const windows = [
        {
          key: `upstream-client-share:${client.address}|${client.visitor ?? ''}`,
          limit: share.perMinute,
          windowMs: MINUTE_WINDOW,
        },
      ];
      if (share.perAddressMinute !== undefined) {
        windows.push({
          key: `upstream-address-share:${client.address}`,
          limit: share.perAddressMinute,
          windowMs: MINUTE_WINDOW,
        });
      }
      await admit(windows, 'This client has used its share of the quota');
    },
    /**
     * Counts a spare read against the fleet's spare lane, or refuses it. A spare read is nobody's
     * browsing, so no client's share: a calendar pricing twenty days would spend its own guest's
     * share before the guest's next page. Asked only while the bucket could grant it, counting the
     * spare reads of this instance admitted and not yet settled as tokens already taken: a month of
     * days asked at once would otherwise all pass the check before any took its token, and spend the
     * lane on asks the bucket then refuses. Resolves to the release, for when the read has settled.
     */
    async admitSpare(): Promise<() => void> {
      const remaining = (await quota.remaining()) ?? 0;
      if (remaining - spareUnsettled < spareTokens)
        throw new UpstreamError('quota_exhausted', 'The quota is not idle enough for a spare read', {
          retryAfterSeconds: 1,
          notSent: true,
        });
      spareUnsettled += 1;
      let settled = false;
      const release = () => {
        if (!settled) spareUnsettled -= 1;
        settled = true;
      };
      try {
        await admit(
          [{ key: 'upstream-spare-lane', limit: sparePerMinute, windowMs: MINUTE_WINDOW }],
          'The spare reads of this minute are spent',
        );
      } catch (err) {
        release();
        throw err;
      }
      return release;
    },
  };
}
