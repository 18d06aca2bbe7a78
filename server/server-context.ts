import type { Backups } from './services/backups/backup-runner';
import type { Restores } from './services/backups/restore-runner';
import type { ServiceContext } from './services/context';
import type { NotificationSender } from './services/mail/notification-sender';
import type { VisitRecorder } from './services/visits/visit-counter';

/** The server's services that run beside the requests, built from the ServiceContext before the server listens. */
export interface RunningServices {
  /** The e-mail sender, when SMTP_URL is set: told of each new message so it need not wait to poll. */
  readonly notifier: NotificationSender | undefined;
  /** The visit counter (decision 019), unless ANALYTICS=0. */
  readonly visits: VisitRecorder | undefined;
  /** The backups (decision 025): "Back up now", the Backups page, and in one process the schedule. */
  readonly backups: Backups;
  /** Restores from the Backups page (decision 037): checked in this process, swapped in with it stopped. */
  readonly restores: Restores;
}

/** What the HTTP layer and the route loaders receive: made once, whole, and frozen (server/main.ts). */
export type ServerContext = ServiceContext & RunningServices;
