import 'server-only';

/** The slice of a pino logger the governor uses. Fields carry operation names and codes, never payloads. */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
};
