/**
 * `npm run partner:check`: does the configured partner API fit this site, before guests arrive?
 *
 * Against the partner named by PARTNER_API_URL (with its key and partner id), or, without it, the
 * sandbox at SANDBOX_URL, or else a sandbox this check starts itself on a free loopback port
 * (SANDBOX_FIELDS=seed|full picks its fields), it makes a few calls (at most CALL_BUDGET) through
 * the site's own client and partner profile, without the governor's cache: the reads the pages
 * make, and for each booking write one request the partner must refuse, which proves the write's
 * method and path without holding or booking anything. It reports per operation whether the
 * partner answered, whether the answer fits the schemas, which optional fields it carried or left
 * out and which site feature each missing field degrades; whether the write paths reach the
 * partner; whether the `language` header changes the translated texts; whether the profile's
 * pet-free keywords match the house's preferences; with PARTNER_SWAGGER_USER, where the profile
 * differs from the partner's own API reference; whether the key is accepted and how many days it
 * has left.
 *
 * Exit code 0: the site can serve guests (warnings may remain). 1: it cannot (key refused,
 * partner unreachable, an answer the booking needs that does not fit, a write path the partner
 * does not serve, a reference mismatch that breaks a feature). 2: the configuration itself is
 * invalid. `--json` prints the report as JSON instead of text.
 */
import { parsePartnerConfig, type PartnerConfig } from '@/lib/partner-api/config';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { fieldModeFromEnv } from '@/sandbox/src/response-fields';
import { WRITE_ONLY_FIELDS } from './field-rules';
import { checkKey } from './key-check';
import { languageNotCompared } from './language';
import { checkPetFreeKeywords } from './pet-free';
import { checkBookingReads, checkHouseDetails, checkLists, checkSearch, finishReads } from './read-checks';
import { checkReference, referenceSettings, type ReferenceSettings } from './reference-check';
import { CALL_BUDGET, CheckRun } from './run';
import type { CheckReport } from './types';
import { probeWritePaths } from './write-probes';

export interface CheckOptions {
  /** The environment to read the partner configuration from (process.env for the CLI). */
  env: Record<string, string | undefined>;
  now?: number;
}

interface Target {
  sandboxStarted: boolean;
  fields: string | undefined;
}

/** Runs the check; never throws for a partner problem (that is in the report). */
export async function runPartnerCheck(options: CheckOptions): Promise<CheckReport> {
  const env = options.env;
  const now = options.now ?? Date.now();
  let sandbox: SandboxHandle | undefined;
  let fields: string | undefined;
  let config: PartnerConfig;
  if (!env.PARTNER_API_URL && !env.SANDBOX_URL) {
    const mode = fieldModeFromEnv(env.SANDBOX_FIELDS);
    fields = mode;
    sandbox = await startSandbox({ port: 0, fields: mode });
    config = parsePartnerConfig({ ...env, SANDBOX_URL: sandbox.url });
  } else {
    config = parsePartnerConfig(env);
  }
  try {
    const target = { sandboxStarted: sandbox !== undefined, fields };
    return await checkPartner(config, now, target, referenceSettings(env, config));
  } finally {
    await sandbox?.close();
  }
}

/** The checks in the order a guest meets them, then the writes, the reference and the key. */
async function checkPartner(
  config: PartnerConfig,
  now: number,
  target: Target,
  referenceAt: ReferenceSettings,
): Promise<CheckReport> {
  const run = new CheckRun(config, now);
  const house = await checkSearch(run);
  const { details, language } = house
    ? await checkHouseDetails(run, house)
    : { details: undefined, language: undefined };
  if (house) await checkBookingReads(run, house);
  await checkLists(run);
  const writeProbes = await probeWritePaths(run, house?.houseId);
  const petFree = checkPetFreeKeywords(run, config.profile, house?.houseId, details);
  const reference = await checkReference(run, referenceAt);
  finishReads(run);
  const key = checkKey(run);
  return {
    ok: run.problems.length === 0,
    target: {
      mode: config.mode,
      url: config.baseUrl.href,
      sandboxStarted: target.sandboxStarted,
      ...(target.fields ? { fields: target.fields } : {}),
    },
    key,
    language: language ?? languageNotCompared(),
    operations: run.reports,
    writeProbes,
    writeOnly: WRITE_ONLY_FIELDS.map((f) => ({ ...f, checked: false as const })),
    petFree,
    reference,
    calls: { total: run.total, budget: CALL_BUDGET, byOperation: run.byOperation },
    problems: run.problems,
    warnings: run.warnings,
  };
}
