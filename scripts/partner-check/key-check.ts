import { daysUntil, KEY_EXPIRY_WARNING_DAYS } from '@/lib/partner-api/key-expiry';
import type { CheckRun } from './run';
import type { CheckReport } from './types';

/** Whether the partner accepted the key, and the days it has left before its configured expiry. */
export function checkKey(run: CheckRun): CheckReport['key'] {
  const { config, now } = run;
  const anyAnswer = run.reports.some((r) => r.shapeValid !== null || (r.reachable && r.error === undefined));
  const key: CheckReport['key'] = {
    accepted: run.stopped?.startsWith('the partner refused the key') ? false : anyAnswer ? true : null,
    expires: config.keyExpires ?? null,
    daysLeft: config.keyExpires ? daysUntil(config.keyExpires, now) : null,
  };
  if (key.daysLeft !== null) {
    if (key.daysLeft < 0 && key.accepted) {
      run.warnings.push(
        `the key's configured expiry date ${key.expires} has passed, yet the partner accepts the key: update the date`,
      );
    } else if (key.daysLeft < 0) {
      run.problems.push(`the key expired on ${key.expires}`);
    } else if (key.daysLeft <= KEY_EXPIRY_WARNING_DAYS) {
      run.warnings.push(
        `the key expires in ${key.daysLeft} days (${key.expires}): ask the operator for an extension`,
      );
    }
  }
  return key;
}
