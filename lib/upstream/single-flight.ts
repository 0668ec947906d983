import 'server-only';

/**
 * Collapses concurrent identical work on one instance into one promise. Callers that arrive while
 * the work runs get the same outcome; the next caller after it settles starts afresh.
 */
export class SingleFlight {
  private readonly flights = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.flights.get(key);
    // The key names one operation with one set of parameters, so every caller expects the same T.
    if (existing !== undefined) return existing as Promise<T>;
    const flight = (async () => {
      try {
        return await work();
      } finally {
        this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight;
  }

  has(key: string): boolean {
    return this.flights.has(key);
  }

  get size(): number {
    return this.flights.size;
  }
}
