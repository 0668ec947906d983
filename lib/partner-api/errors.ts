/**
 * Failures of partner calls, under the names the rest of the site uses. The client throws the
 * same error class as the governor in lib/upstream, so a route handles a refused call (pause,
 * quota, open circuit) and a failed one alike; the partner adds no fields of its own.
 */
export {
  STATUS_FOR_CODE,
  UpstreamError as PartnerError,
  isUpstreamError as isPartnerError,
  type UpstreamErrorCode as PartnerErrorCode,
  type UpstreamErrorOptions as PartnerErrorOptions,
} from '@/lib/upstream/errors';
