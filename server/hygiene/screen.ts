import type { IncomingMessage, ServerResponse } from 'node:http';
import { imageTargets, isPartnerApiAddress, type PartnerApiAddresses } from './picture-sources';
import { refusedMethodAllow } from './api-methods';
import { hasMalformedRouterState, type RouterStateCheck } from './router-state';
import {
  isPageWriteWithoutAction,
  refuseApiMethod,
  refuseBadRequest,
  refuseMethod,
  type BadRequestCode,
} from './refusals';
import { hasMalformedPath, originFormTarget, plainUnreserved } from './target';

export interface RequestScreenOptions {
  readonly routerStateCheck: RouterStateCheck;
  /** The partner API's addresses, which no picture to resize may name (./picture-sources.ts). */
  readonly partnerApi: PartnerApiAddresses;
  /** Puts the site's security headers on an answer. */
  readonly setSecurityHeaders: (res: ServerResponse) => void;
}

/**
 * The first look at every request: its target put in the form the site reads (origin form,
 * unreserved characters plain), then a request no page or route handler could answer without
 * failing is answered here. True when it was: nothing else may touch the answer then.
 */
export function createRequestScreen(
  options: RequestScreenOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { routerStateCheck, partnerApi, setSecurityHeaders } = options;
  const badRequest = (req: IncomingMessage): BadRequestCode | null =>
    hasMalformedPath(req.url)
      ? 'invalid_path'
      : hasMalformedRouterState(req, routerStateCheck)
        ? 'invalid_request'
        : imageTargets(req.url).some((target) => isPartnerApiAddress(target, partnerApi))
          ? 'invalid_image_url'
          : null;

  return (req, res) => {
    req.url = plainUnreserved(originFormTarget(req.url));
    const malformed = badRequest(req);
    if (malformed || isPageWriteWithoutAction(req)) {
      setSecurityHeaders(res);
      if (malformed) refuseBadRequest(req, res, malformed);
      else refuseMethod(req, res);
      return true;
    }
    const allow = refusedMethodAllow(req.method, req.url);
    if (allow !== null) {
      setSecurityHeaders(res);
      refuseApiMethod(req, res, allow);
      return true;
    }
    return false;
  };
}
