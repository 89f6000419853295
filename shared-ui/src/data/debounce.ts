// A value that follows another once it has stopped changing for `delay` ms: the text of a search box before it is
// asked of the server (the address autocomplete's 350 ms, the instrument search of the middle office).
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
