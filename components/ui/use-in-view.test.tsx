// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useInView } from './use-in-view';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/**
 * The browser's observer as far as the hook can tell: it queues one entry per change of an
 * element's visibility and hands the queue over in one callback. When the page is busy, the
 * callback runs late and gets every change since the last one, oldest first.
 */
class BrowserObserver {
  static current: BrowserObserver | undefined;
  private queue: IntersectionObserverEntry[] = [];
  private target: Element | undefined;
  constructor(private readonly callback: IntersectionObserverCallback) {
    BrowserObserver.current = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.target = undefined;
    this.queue = [];
  }
  /** The element scrolled into view (ratio 1) or out of it (0); the callback waits for `deliver`. */
  change(ratio: number) {
    if (!this.target) throw new Error('nothing observed');
    this.queue.push({
      target: this.target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    } as IntersectionObserverEntry);
  }
  deliver() {
    const entries = this.queue;
    this.queue = [];
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Probe({ element }: { element: HTMLElement }) {
  return <p>{useInView(element) ? 'in view' : 'out of view'}</p>;
}

let root: Root;
let container: HTMLElement;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  globalThis.IntersectionObserver = BrowserObserver as unknown as typeof IntersectionObserver;
});

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<Probe element={document.body} />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const observer = () => BrowserObserver.current!;
const deliver = () => act(async () => observer().deliver());

describe('useInView', () => {
  it('follows the element in and out of view, one change at a time', async () => {
    expect(container.textContent).toBe('out of view');
    observer().change(1);
    await deliver();
    expect(container.textContent).toBe('in view');
    observer().change(0);
    await deliver();
    expect(container.textContent).toBe('out of view');
  });

  it('tells where the element is now when a busy page hands over several changes at once', async () => {
    // Scrolled past the element and on to the end of the page before the callback ran.
    observer().change(1);
    observer().change(0);
    await deliver();
    expect(container.textContent).toBe('out of view');
    observer().change(0);
    observer().change(1);
    await deliver();
    expect(container.textContent).toBe('in view');
  });
});
