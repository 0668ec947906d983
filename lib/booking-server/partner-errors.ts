import 'server-only';
import { isPartnerError, type PartnerError } from '@/lib/partner-api/errors';

/** The error as a PartnerError (from any module copy; see the brand in isPartnerError), or null. */
export function asPartnerError(err: unknown): PartnerError | null {
  return isPartnerError(err) ? err : null;
}
