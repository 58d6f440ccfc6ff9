/**
 * Loads what a view shows, again whenever its key changes or `reload()` is called; a load
 * that is no longer wanted (another key, the view gone) is aborted and its answer dropped.
 * While a new key loads, the last answer stays readable (`data`), so a table keeps its rows
 * instead of flashing empty between pages.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

interface Loaded<T> {
  key: string;
  version: number;
  data?: T;
  error?: unknown;
}

export interface Resource<T> {
  /** The answer for the current key is not there yet. */
  loading: boolean;
  /** The last answer, of this key or the one before. */
  data: T | undefined;
  /** Why the current key's load failed. */
  error: unknown;
  reload(): void;
}

export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Resource<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const onLoad = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    onLoad(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ key, version, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setLoaded((last) => ({ key, version, data: last?.data, error }));
        }
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = loaded?.key === key && loaded.version === version;
  return {
    loading: key !== null && !current,
    data: loaded?.data,
    error: current ? loaded.error : undefined,
    reload,
  };
}
