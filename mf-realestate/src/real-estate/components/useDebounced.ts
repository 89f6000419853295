// A value that follows another once it has stopped changing for `delay` ms (the autocomplete's 350 ms).
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
