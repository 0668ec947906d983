/**
 * The site server's process (`node dist/server.mjs -p <port> -H <host>`, compiled from here by
 * scripts/build-server.ts): every line it writes goes to the site's log, the configuration is
 * checked whole before Next.js starts, and SIGTERM or SIGINT close it.
 */
import { loadEnvFiles } from './configuration/env-files';
import { configurationProblems, configurationWarnings } from './configuration/problems';
import { readTimeouts } from './configuration/settings';
import { routeConsoleToLog, routeProcessWarningsToLog } from './logging/console';
import { exitLogger, failureOf, serverLogger } from './logging/logger';
import { PROJECT_DIR, startSiteServer } from './site-server';

function argument(args: string[], short: string, long: string): string | undefined {
  const at = args.findIndex((a) => a === short || a === long);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const port = Number(argument(args, '-p', '--port') ?? process.env.PORT ?? 3000);
  const hostname = argument(args, '-H', '--hostname') ?? process.env.HOSTNAME ?? 'localhost';
  loadEnvFiles(PROJECT_DIR);
  const problems = configurationProblems(process.env);
  if (problems.length > 0) {
    // Every problem on a line of its own, so all of them can be fixed before the next attempt.
    for (const message of problems)
      exitLogger().error({ err: { name: 'ConfigurationError', message } }, 'site failed to start');
    process.exit(1);
  }
  for (const message of configurationWarnings(process.env)) serverLogger().warn(message);
  const timeouts = readTimeouts(process.env);
  const site = await startSiteServer({ port, hostname, timeouts });
  serverLogger().info({ url: site.url, timeouts }, 'site listening');
  const stop = () => {
    void site.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Like `next start`: the production build, whatever the calling shell has set.
Object.assign(process.env, { NODE_ENV: 'production' });
// Next.js prints through console and Node prints its warnings and crashes itself: each becomes a
// line of the site's log, so everything this process writes is JSON (./logging/console.ts).
routeConsoleToLog();
routeProcessWarningsToLog();
process.on('uncaughtException', (err: unknown) => {
  exitLogger().error({ err: failureOf(err) }, 'uncaught exception');
  process.exit(1);
});
main().catch((err: unknown) => {
  exitLogger().error({ err: failureOf(err) }, 'site failed to start');
  process.exit(1);
});
