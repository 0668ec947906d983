'use client';

import { useEffect, useRef } from 'react';

/**
 * The partner search box as partners will see it: the script the site serves to them, loaded
 * once into this page, and a `<holiday-search>` element with the chosen attributes. The script
 * is added by this (trusted) code, which the page's 'strict-dynamic' policy allows.
 */
const SCRIPT_SRC = '/embed/search.js';

function loadScript(): void {
  if (document.querySelector(`script[src="${SCRIPT_SRC}"]`)) return;
  const script = document.createElement('script');
  script.src = SCRIPT_SRC;
  script.async = true;
  document.head.append(script);
}

export function SearchBoxPreview({ attributes }: { attributes: Record<string, string | undefined> }) {
  const host = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(attributes);

  useEffect(() => {
    loadScript();
    const container = host.current;
    if (!container) return;
    const box = document.createElement('holiday-search');
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string | undefined>)) {
      if (value) box.setAttribute(name, value);
    }
    container.replaceChildren(box);
  }, [key]);

  return <div ref={host} />;
}
