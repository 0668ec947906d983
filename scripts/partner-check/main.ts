import path from 'node:path';
import { runPartnerCheck } from './check';
import { formatReport } from './format';
import type { CheckReport } from './types';

/** The command line of `npm run partner:check` (see ./check.ts); exit codes 0, 1 and 2. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<number> {
  const json = argv.includes('--json');
  let report: CheckReport;
  try {
    report = await runPartnerCheck({ env });
  } catch (err) {
    // An invalid configuration or profile: its message lists each problem on its own line.
    const message = err instanceof Error ? err.message : String(err);
    if (json) console.log(JSON.stringify({ ok: false, configurationError: message.split('\n') }, null, 2));
    else console.error(`partner check: ${message}`);
    return 2;
  }
  console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('partner check failed:', err);
      process.exit(2);
    },
  );
}
