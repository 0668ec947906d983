'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { markVisitor } from '@/lib/visitor/browser';
import { rememberCampaign } from './campaign-storage';

/**
 * On every page: keeps the campaign tags of the address the guest arrived at (see
 * campaign-storage.ts), and gives the browser its mark (lib/visitor/browser.ts). Both are
 * done after hydration, not on the server, because the page's HTML may be one stored copy shared
 * by every guest. Renders nothing.
 */
export function CampaignCapture() {
  const pathname = usePathname();
  useEffect(() => {
    rememberCampaign(window.location.search);
    markVisitor();
  }, [pathname]);
  return null;
}
