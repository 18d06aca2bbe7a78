/**
 * What a cluster's primary (server.js) loads from the build besides node:cluster: the one copy of the visits'
 * country table that its workers ask (decision 029), and the swap of a restore its workers checked (decision 037).
 * An entry of its own (vite.config.ts), so the primary stays free of the server's modules, Express, React and sharp
 * among them.
 */
export { answerCountryLookups } from './services/visits/country-lookup';
export { swapAndRestart } from './services/backups/restore-swap';
