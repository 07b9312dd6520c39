import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data once (and on reload). Spec 8: failing loads give the fallback (empty list / nothing) and are
 * logged, the toast comes from the api-client option where wanted.
 */
export function useLoad<T>(load: () => Promise<T>, fallback: T, deps: unknown[] = []) {
  const [data, setData] = useState<T>(fallback);
  const [loading, setLoading] = useState(true);
  const fallbackRef = useRef(fallback);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await run());
    } catch (error) {
      console.warn('load failed', error);
      setData(fallbackRef.current);
    } finally {
      setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, reload, setData };
}
