import { useEffect, useState } from 'react';

/**
 * Whether the element is on screen: any part of it, or with a `threshold` near 1 all of it
 * (false until the browser can tell, and while there is no element).
 *
 * The browser queues an entry for every change and hands the queue over in one callback, which
 * runs late while the page is busy: after a quick scroll past the element it can hold "in view"
 * and then "out of view". The last entry is where the element is now.
 */
export function useInView(element: HTMLElement | null, threshold = 0): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        setInView((entry?.isIntersecting ?? false) && (entry?.intersectionRatio ?? 0) >= threshold);
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setInView(false);
    };
  }, [element, threshold]);
  return inView;
}
