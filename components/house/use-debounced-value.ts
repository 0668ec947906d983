import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (stepper clicks → one request). */
export function useDebouncedValue<T>(value: T, delay: number, isEqual: (a: T, b: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (isEqual(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay, isEqual]);
  return settled;
}
