// The current time, renewed every `intervalMs` while `isTicking`: for "running for 2 min" texts.
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number, isTicking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isTicking]);
  return now;
}
