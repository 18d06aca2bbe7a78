import { useEffect, useState } from 'react';
import { REFRESH_FEEDBACK_MS } from '../../../core/constants';
import type { Project } from '../../../core/types';
import { apiGet } from '../../lib/api-client';

type RefreshState = 'idle' | 'loading' | 'updated' | 'error';

const LABELS: Record<RefreshState, string> = {
  idle: 'Refresh',
  loading: 'Loading...',
  updated: 'Updated',
  error: '✗ Error',
};

/** Fetches the project afresh: 'Loading...', then 'Updated' or '✗ Error', back after 2 s. */
export function RefreshButton({ projectId, onUpdated }: { projectId: number; onUpdated: (project: Project) => void }) {
  const [state, setState] = useState<RefreshState>('idle');

  useEffect(() => {
    if (state !== 'updated' && state !== 'error') return;
    const timer = setTimeout(() => setState('idle'), REFRESH_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const refresh = async () => {
    setState('loading');
    try {
      onUpdated((await apiGet<{ data: Project }>(`/api/projects/${projectId}`)).data);
      setState('updated');
    } catch (error) {
      console.warn('Refreshing the project failed:', error);
      setState('error');
    }
  };

  return (
    <button
      type="button"
      className="button button--ghost refresh-button"
      onClick={refresh}
      disabled={state === 'loading'}
      aria-live="polite"
    >
      {LABELS[state]}
    </button>
  );
}
