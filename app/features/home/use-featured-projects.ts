import { useCallback, useEffect, useRef, useState } from 'react';
import { FEATURED_REFETCH_MS, HERO_FETCH_RETRIES, HERO_RETRY_DELAY_MS } from '../../../core/constants';
import { type ProjectCard, projectCard } from '../../../core/project-card';
import { fetchFeaturedProjects } from '../../lib/api-client';

export interface FeaturedState {
  projects: ProjectCard[];
  loading: boolean;
  error: string | null;
  lastFetchedAt: number | null;
  attempts: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The hero's featured projects (SPEC section 4): the page loader's list first, then fetched afresh from the API
 * every 30 s, a failed fetch retried 3 times, 1 s apart. After the window regains focus the public layout runs
 * the loaders again, and the list the page's loader then gives replaces this one: one refetch per focus, not a
 * second of its own.
 */
export function useFeaturedProjects(initial: ProjectCard[] | null) {
  const [state, setState] = useState<FeaturedState>({
    projects: initial ?? [],
    loading: initial === null,
    error: null,
    lastFetchedAt: null,
    attempts: 0,
  });
  const [loaded, setLoaded] = useState(initial);
  if (initial !== loaded) {
    setLoaded(initial);
    if (initial !== null) {
      setState({ projects: initial, loading: false, error: null, lastFetchedAt: null, attempts: 0 });
    }
  }
  const running = useRef(false);

  const load = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    let lastError = '';
    for (let attempt = 1; attempt <= HERO_FETCH_RETRIES + 1; attempt += 1) {
      try {
        const projects = (await fetchFeaturedProjects()).map(projectCard);
        setState({ projects, loading: false, error: null, lastFetchedAt: Date.now(), attempts: attempt });
        running.current = false;
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (attempt <= HERO_FETCH_RETRIES) await wait(HERO_RETRY_DELAY_MS);
      }
    }
    setState((current) => ({ ...current, loading: false, error: lastError, attempts: HERO_FETCH_RETRIES + 1 }));
    running.current = false;
  }, []);

  const loadedByServer = initial !== null;
  useEffect(() => {
    if (!loadedByServer) void load();
    const interval = setInterval(() => void load(), FEATURED_REFETCH_MS);
    return () => clearInterval(interval);
  }, [loadedByServer, load]);

  const retry = useCallback(() => {
    setState((current) => ({ ...current, loading: true, error: null }));
    void load();
  }, [load]);

  return { ...state, retry };
}
