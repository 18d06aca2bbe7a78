import { createContext } from 'react';

/**
 * The render's script marker (decision 011), given by `entry.server.tsx` so that an inline script a component
 * writes is hashed into the page's policy like React Router's own. Undefined in the browser, where the marker was
 * never sent and a hydrated script is not run again.
 */
export const ScriptMarker = createContext<string | undefined>(undefined);
