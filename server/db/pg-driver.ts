import type pg from 'pg';
import { onFirstUse } from '../on-first-use';

/** The PostgreSQL driver, loaded when a database or a probe first needs it: a SQLite site never does (decision 029). */
export const loadPg = onFirstUse<typeof pg>('pg');
