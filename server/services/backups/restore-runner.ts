import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../core/messages';
import type { RestoreStatus } from '../../../core/types';
import type { ServiceContext } from '../context';
import { takeBackupFileLock } from './backup-lock';
import { checkBackupArchive, openBackupArchive, RestoreRefusedError } from './restore-check';
import type { RestoreNotSwapped, RestoreRequest } from './restore-swap';

/** Whatever can stop this process to swap a checked restore in: its cluster's primary, or server/main.ts. */
export type RestoreHandOff = (request: RestoreRequest) => void;

/** A process's restores from the Backups page (the ServerContext's `restores`, decision 037). */
export interface Restores {
  /**
   * Checks `archive` with the checks of `npm run restore` while the site goes on serving, and answers the request
   * to swap it in, or throws RestoreRefusedError with nothing changed. Call `handOff` with the request once its
   * answer has gone.
   */
  check: (archive: string) => Promise<RestoreRequest>;
  handOff: RestoreHandOff;
  /** What the Backups page hears of restore `id`: under way, or not swapped in (this process started on the old data). */
  statusOf: (id: string) => RestoreStatus;
  stop: () => void;
}

/**
 * Sets up a process's restores. `notSwapped` is the restore this process was started after without its data
 * (the swap or the start on it failed), so that the page that asked for it can say so.
 */
export function startRestores(
  ctx: ServiceContext,
  options: { handOff: RestoreHandOff; notSwapped: RestoreNotSwapped | undefined },
): Restores {
  const { config } = ctx;
  // Taken for the check and held until the process stops for the swap: no backup, and no other restore, meanwhile.
  let release: (() => void) | undefined;
  return {
    check: async (archive) => {
      if (release) throw new RestoreRefusedError('busy', 'a restore is under way');
      const held = takeBackupFileLock(config.dataDir);
      if (!held) throw new RestoreRefusedError('busy', 'the backup lock is held');
      try {
        const decrypted = await openBackupArchive(archive, config.backups.passphrase);
        const checked = await checkBackupArchive(config, archive, decrypted).catch((error: unknown) => {
          decrypted?.destroy();
          throw error;
        });
        release = held;
        return { id: randomUUID(), createdAt: checked.manifest.createdAt, swap: checked.swap };
      } catch (error) {
        held();
        throw error;
      }
    },
    handOff: options.handOff,
    statusOf: (id) =>
      options.notSwapped?.id === id
        ? {
            state: 'not-swapped',
            message: MESSAGES.restoreRefusals['not-swapped'],
            detail: options.notSwapped.detail,
          }
        : { state: 'under-way' },
    stop: () => {
      release?.();
      release = undefined;
    },
  };
}
