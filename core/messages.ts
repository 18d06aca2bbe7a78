import {
  type BackupFailureKind,
  MANUAL_BACKUP_EVERY_MS,
  RESTORE_UPLOAD_MAX_GB,
  type RestoreRefusalKind,
  type SpamReason,
  TRASH_RETENTION_DAYS,
} from './constants';
/** The texts of SPEC sections 5 and 8, and our own server answers, written once. */

const tryAgainIn = (minutes: number) => `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const MESSAGES = {
  // Validation (SPEC section 5)
  selectProjectImage: 'Please select at least one image for the project.',
  selectImageFile: 'Please select an image file',
  imageTooLarge: 'Image size must be less than 10MB',
  /** The media library, beside an image with no size wider than its 1200 px main file (decision 043). */
  uploadAgainForSharper: 'Upload again for a sharper picture',
  photoTooLarge: (megabytes: number) => `Image size must be less than ${megabytes}MB`,
  fillRequiredFields: 'Please fill in all required fields',
  selectImagesToUpload: 'Please select at least one image to upload',
  selectOnlyOneImage: 'Please select only one image',
  maxImagesAllowed: (max: number) => `Maximum ${max} images allowed`,

  // Error catalogue (SPEC section 8)
  httpError: (status: number) => `HTTP error! status: ${status}`,
  networkError: 'Network error: Unable to connect to server. Please check your internet connection.',
  featuredNotSuccessful: 'API returned success: false',
  heroLoadFailed: 'Unable to load featured projects',
  projectNotFound: 'Project not found',
  projectNotFoundDetail: "The project you're looking for doesn't exist or may have been removed.",
  blogNotFound: 'Blog post not found',
  blogNotFoundDetail: "The blog post you're looking for doesn't exist or may have been removed.",
  contactSuccess: "Thank you for your message! We'll get back to you soon.",
  contactFailure: 'There was an error sending your message. Please try again or contact us directly.',
  invalidCredentials: 'Invalid credentials.',

  // Dashboard alerts (SPEC section 8)
  errorSavingProject: (detail: string) => `Error saving project: ${detail}`,
  projectSaveNetworkError: 'Unable to connect to server. Please check your internet connection and try again.',
  errorDeletingProject: 'Error deleting project',
  errorSettingCover: 'Error setting cover image',
  errorSettingFocalPoint: 'Error setting the focal point',
  failedToSetCover: 'Failed to set cover image',
  errorRemovingImage: 'Error removing image',
  errorAddingImages: 'Error adding images',
  failedToAddImages: 'Failed to add images',
  invalidProjectData: 'Server returned invalid project data',
  errorUpdatingFeatured: 'Error updating featured status',
  errorUpdatingProject: 'Error updating project',
  errorSavingBlog: 'Error saving blog. Please try again.',
  blogKeptLocally: 'This post is not on the server yet; it is kept in this browser only.',
  errorDeletingBlog: 'Error deleting blog post',
  errorSavingClient: 'Error saving client',
  errorDeletingClient: 'Error deleting client',
  errorUploadingImages: 'Error uploading images',
  uploadFailed: 'Upload failed',
  errorCroppingImage: 'Error cropping image. Please try again.',
  errorLoadingTeam: 'Error loading team members',
  errorSavingTeamMember: 'Error saving team member',
  errorDeletingTeamMember: 'Error deleting team member',

  // Dashboard alerts the specification leaves open
  errorDeletingMedia: 'Error deleting image',
  errorRemovingDemoContent: 'Error removing the demo content',
  /** A multipart upload that broke off after some of its bytes had gone up (the request never completed). */
  uploadDropped: (file: string) =>
    `The connection dropped while uploading ${file}, so nothing was saved. Please try again.`,
  /** Cancel pressed while a form's images were still going up: the upload was stopped before the server had it. */
  uploadCancelled: (what: string) => `Upload cancelled: ${what}.`,
  /** A call its caller stopped before the server had all of it (the failure's text, which forms word further). */
  callCancelled: 'Cancelled before the server had everything, so nothing was saved.',
  /** Cancel pressed once every byte had reached the server, which was storing it: the dialog waits for its answer. */
  cancelling: 'Cancelling… The server already has everything and is storing it; waiting for its answer.',
  /** Delete it, chosen after a Cancel that came too late for a new item. */
  deletedAfterCancel: (what: string) => `Cancelled: ${what} was created, then deleted.`,
  /** The answer to a Cancel that came too late for a change to an existing item: it is saved. */
  savedBeforeCancel: (what: string) =>
    `Cancel came too late for ${what}: the server had received everything before it, and saved it.`,
  /** The answer to a Cancel that came too late for a new item: it exists, and the dialog offers to delete it. */
  createdBeforeCancel: (what: string) =>
    `${what} was already created: the server had received everything before Cancel was pressed. Delete it, or keep it?`,

  // Server answers the specification leaves open
  notSignedIn: 'Please sign in to continue.',
  crossSiteRefused: 'Cross-site requests are not allowed.',
  invalidForm: 'The form data could not be read',
  notFound: 'Not found',
  /** For the log only (status 499): the uploader went away before the answer, so its write was rolled back. */
  uploadAbandoned: 'The client went away before the answer, so nothing was saved.',
  badHost: 'The Host header of this request is not a valid address.',
  rangeNotSatisfiable: 'The part of the file asked for (Range) is beyond its end.',
  preconditionFailed: 'The file is not the one the request names (If-Match or If-Unmodified-Since).',
  methodNotAllowed: 'Method not allowed',
  clientNotFound: 'Client not found',
  teamMemberNotFound: 'Team member not found',
  testimonialNotFound: 'Testimonial not found',
  orderPlacementInvalid: 'Say where the item goes: after (or before) the id of another item of the list.',
  orderChanged: 'The list changed meanwhile; it has been loaded again. Please move the item once more.',
  unknownCardGroup: 'No such list of cards',
  founderNotInTeam: 'The founder must be a member of the team',
  errorSavingTestimonial: 'Error saving testimonial',
  errorDeletingTestimonial: 'Error deleting testimonial',
  errorSavingOrder: 'Error saving the new order',
  errorSavingSiteTexts: 'Error saving site texts',
  contactNotFound: 'Message not found',
  noMessagesChosen: 'Please choose at least one message',
  tooManyMessagesChosen: (max: number) => `At most ${max} messages can be changed at once`,
  /** Why a message was put in Spam as it arrived, as the inbox says it. */
  spamReasons: {
    flood: 'Put in Spam as it arrived: more messages came that hour than the site takes in an hour, as in a flood.',
    honeypot: 'Put in Spam as it arrived: a field that people never see was filled in, as robots do.',
    'too-fast':
      'Put in Spam as it arrived: it was sent within 2 seconds of the form appearing, faster than a person types. ' +
      'A browser filling the form in by itself can do that: if it is real, move it to the inbox.',
  } satisfies Record<SpamReason, string>,
  /** The inbox's line for a message taken for spam as it arrived, which is never e-mailed then; and Send it now's. */
  notificationTakenForSpam: 'E-mail: not sent, as it was taken for spam when it arrived.',
  notificationFromSpam: 'Move the message out of Spam before e-mailing it.',
  notificationQueuedAlready: 'This message has been e-mailed already, or is being e-mailed.',
  /** The Spam view: what it keeps, and how many more arrived than it keeps (SPAM_DAILY_MAX). */
  spamKeptFor: (days: number) => `Spam is deleted ${days} days after it was put here.`,
  spamNotKept: (count: number, days: number, dailyMax: number) =>
    `${count.toLocaleString('en')} more spam ${count === 1 ? 'message was' : 'messages were'} not kept in the last ` +
    `${days} days: past ${dailyMax} a day, spam is only counted.`,
  notificationsOff: 'E-mail notifications are off: set SMTP_URL and NOTIFY_EMAIL to be told of each new message.',
  /** Settings, for an owner who is not a developer: what to ask whoever runs the site to add, and where it is told. */
  notificationsOffHowTo:
    'To be e-mailed about each new message, whoever runs the site adds two settings to its environment: SMTP_URL ' +
    "(your e-mail provider's mail server, with its user name and password) and NOTIFY_EMAIL (the address to tell), " +
    'then starts the site again. The section "E-mail about new messages" of the README says how.',
  tooManyTestEmails: (minutes: number) => `Too many test e-mails in a short time. ${tryAgainIn(minutes)}`,
  testEmailSent: (to: string, clock: string) =>
    `Test e-mail sent to ${to} at ${clock} — check that inbox (and its spam folder).`,
  testEmailNotSent: (reason: string) => `The test e-mail was not sent. ${reason}`,
  /** Why an e-mail was not sent, as the owner reads it (server/services/mail/smtp-failure.ts picks one). */
  smtpFailures: {
    unreachable:
      'The site cannot reach the mail server: it did not answer, or the server name or port in SMTP_URL is wrong.',
    login:
      'The mail server refused the user name or password in SMTP_URL. Check them with your e-mail provider ' +
      '(some want an app password rather than your usual one).',
    tls:
      'The secure connection to the mail server failed: the port in SMTP_URL may not match how it begins (port 465 ' +
      "goes with smtps://, port 587 with smtp://), or the server's certificate is not valid.",
    addressTo: 'The mail server refused the address the e-mail was going to (NOTIFY_EMAIL): check its spelling.',
    addressFrom:
      'The mail server refused the address the e-mail was sent from (NOTIFY_FROM, or NOTIFY_EMAIL when that is not ' +
      "set): many providers send only from your own account's address.",
    refused: (answer: string) => `The mail server would not take the e-mail. It answered: "${answer}"`,
    unknown:
      'The e-mail could not be sent, for a reason the site does not recognise. The technical detail may help ' +
      'whoever set up the e-mail.',
  },
  /** Why a backup failed, as the owner reads it (server/services/backups/backup-failure.ts picks one). */
  backupFailures: {
    folder:
      'The site could not write into its backups folder (the folder "backups" in DATA_DIR): it is missing, is not ' +
      'a folder, or the site is not allowed to write there. Whoever runs the site can check it.',
    'disk-full':
      "The server's disk is full, so the backup could not be written. Free some space, or keep fewer backups " +
      '(BACKUP_KEEP).',
    bucket:
      'The backup was made on this server, but could not be copied to the bucket: the bucket did not answer, or ' +
      'refused the BACKUP_S3_ settings (its name, address or keys).',
    database: 'The backup could not read the database. The technical detail says why.',
    'pg-dump':
      "pg_dump could not back up the database. Often its version is older than the database server's; the " +
      'technical detail says why.',
    unknown:
      'The backup failed for a reason the site does not recognise. The technical detail may help whoever runs ' +
      'the site.',
  } satisfies Record<BackupFailureKind, string>,
  /** Why the site cannot back itself up at all, as the Backups page says it. */
  backupsNeedPgDump:
    'The site keeps its data in PostgreSQL, and pg_dump, the program that backs PostgreSQL up, is not installed ' +
    'on this server, so the site cannot back itself up. Whoever runs the site can install the PostgreSQL client ' +
    '(on Debian or Ubuntu: apt install postgresql-client, the version of the database server or newer) and start ' +
    "the site again, or rely on the database provider's own backups.",
  backupsImagesInBucket: (bucket: string) =>
    `The images are in the bucket "${bucket}" (MEDIA_STORAGE=s3), which these backups cannot hold, so the site ` +
    "does not back itself up: keep the images with the bucket's own versioning or replication, and the database " +
    'with sqlite3 .backup (docs/deploy.md).',
  /** What each backup holds, as the Backups page says it. */
  backupScopeArchive: (keyInside: boolean, encrypted: boolean) =>
    'Each backup holds the whole site: every project, post, client, team member, message and setting, the ' +
    (keyInside
      ? 'account, the images, and the key of two-factor sign-in.'
      : 'account and the images. The key of two-factor sign-in is SECRET_KEY, which is not in them: keep it beside ' +
        'the backups.') +
    (encrypted
      ? ' They are encrypted with BACKUP_PASSPHRASE: keep it somewhere apart from the server, as without it no ' +
        'backup can be brought back.'
      : ' They are not encrypted: whoever gets one can read all of that. Setting BACKUP_PASSPHRASE encrypts them.'),
  backupScopeDatabase: (imagesBucket: string | undefined) =>
    'Each backup holds the database, as pg_dump writes it. ' +
    (imagesBucket
      ? `The images are in the bucket "${imagesBucket}": keep them with its own versioning or replication. `
      : 'The images (the folder "uploads" in DATA_DIR) are not in it: copy that folder too. ') +
    'Keep SECRET_KEY (or DATA_DIR/secret.key) beside the backups: the two-factor secret in them is sealed with it.',
  backupBucketUnlisted: (bucket: string) =>
    `The bucket "${bucket}" could not be listed just now, so its copies are not shown.`,
  backupRunning: 'A backup is being made just now. It will be in the list in a moment.',
  backupNowTooSoon: (lastMadeAt: string, nextAt: string, minutes: number) =>
    `A backup was made with Back up now on ${lastMadeAt}, ` +
    `and one can be made every ${MANUAL_BACKUP_EVERY_MS / 60_000} minutes: the next from ` +
    `${nextAt}, in ${minutes} minute${minutes === 1 ? '' : 's'}. The scheduled backups go on as usual.`,
  backupNotFound: 'Backup not found',
  /** Why a restore from the Backups page did not happen; each ends with "Nothing was changed." */
  restoreRefusals: {
    'no-passphrase':
      'This backup is encrypted, and this server has no BACKUP_PASSPHRASE to open it. Whoever runs the site can set ' +
      'BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was changed.',
    'wrong-passphrase':
      "This server's passphrase (BACKUP_PASSPHRASE) does not open this backup: it was made with another one. " +
      'Nothing was changed.',
    damaged: 'This backup is damaged: it was cut short or changed after it was made. Nothing was changed.',
    'not-a-backup': 'This file is not a backup of this site. Nothing was changed.',
    'disk-full':
      "The server's disk is too full to unpack this backup: it needs room for the whole site again. Free some " +
      'space and try again. Nothing was changed.',
    busy: 'A backup or another restore is under way just now. Try again in a minute. Nothing was changed.',
    'not-swapped':
      'The site could not put the restored data in place, or start with it, so it started again with its data as ' +
      'it was. The technical detail says why. ' +
      'Nothing was changed.',
  } satisfies Record<RestoreRefusalKind, string>,
  restoreUploadTooLarge: `A backup to restore can be ${RESTORE_UPLOAD_MAX_GB} GB at most.`,
  restoreUploadMissing: 'Choose the backup file to restore.',
  restoreNotPossible:
    'This site cannot be restored from the dashboard: its data is in PostgreSQL or its images in a bucket. ' +
    'The Backups page says how to bring a backup back.',
  mediaNotFound: 'Media item not found',
  trashItemNotFound: 'Not in the Trash',
  /** The dashboard's delete confirmations (decision 036): a deletion is a move to the Trash. */
  moveToTrashQuestion: (name: string) =>
    `Move “${name}” to the Trash? It can be restored from the Trash for ${TRASH_RETENTION_DAYS} days.`,
  movedToTrash: (name: string) => `“${name}” moved to the Trash.`,
  moveToTrash: 'Move to Trash',
  deleteForeverQuestion: (name: string) => `Delete “${name}” forever? It and its images cannot be brought back.`,
  emptyTrashQuestion: (count: number) =>
    `Delete all ${count} ${count === 1 ? 'item' : 'items'} in the Trash forever? They cannot be brought back.`,
  errorRestoring: 'Error restoring from the Trash',
  errorDeletingForever: 'Error deleting forever',
  trashKindUnknown: 'The Trash holds projects, posts, clients, team members, messages and media.',
  imageNotInProject: 'That image does not belong to this project.',
  imagesMustMatchProject: 'The list must name every image of this project once, and no other.',
  lastProjectImage: 'A project needs at least one image; add another before removing this one.',
  tooManyImages: (max: number) => `A project can have at most ${max} images`,
  imageDimensionsTooLarge: 'Image dimensions are too large',
  svgNotAccepted: 'SVG images are not accepted; please upload a PNG or JPEG',
  tooManyLoginAttempts: (minutes: number) => `Too many failed sign-in attempts. ${tryAgainIn(minutes)}`,
  tooManySignInsAtOnce: 'Too many sign-in attempts at once. Please try again in a moment.',
  tooManyContactMessages: (minutes: number) =>
    `Too many messages have been sent from your address. ${tryAgainIn(minutes)}`,
  tooManyUploads: (minutes: number) => `Too many uploads in a short time. ${tryAgainIn(minutes)}`,
  requestTooLarge: 'The request is too large',
  tooManyFormFields: 'The form has too many fields',
  countVisitsInvalid: 'Count visits must be true or false.',
  settingsSaved: 'Settings saved.',
  invalidWholeNumber: (name: string, min: number, max: number) =>
    `The value of "${name}" must be a whole number from ${min} to ${max}`,
  invalidJson: 'The request body is not valid JSON',
  internalError: 'Something went wrong on our side. Please try again.',
  /** The public address not set up (server/config.ts siteUrlProblem), said at start and on every dashboard page. */
  siteUrlUnset:
    "The site's public address (SITE_URL) is not set, so the links it gives out (in search results, shared posts, " +
    'the sitemap and the e-mails about messages) point to localhost, which no visitor can open. Set SITE_URL to the ' +
    'address people type, such as https://www.example.bt, and start the site again.',
  siteUrlLoopback: (siteUrl: string) =>
    `The site's public address (SITE_URL) is ${siteUrl}, which only this computer can open, while the site listens ` +
    'for other computers too: the links it gives out (in search results, shared posts, the sitemap and the e-mails ' +
    'about messages) will not work for visitors. Set SITE_URL to the address people type, such as ' +
    'https://www.example.bt, and start the site again.',
  /** A database outage (server/db/availability.ts), as a read and as a write that was not saved are told. */
  databaseUnavailable: 'The site cannot reach its database just now. Please try again in a minute.',
  databaseUnavailableNotSaved:
    'The site cannot reach its database just now, so this was not saved. Please try again in a minute.',
  /** The image store (the S3 bucket) not answering, and the disk full (server/storage/storage-faults.ts). */
  imagesUnavailable: 'Images are unavailable for a moment.',
  imageStoreUnavailableNotSaved:
    'The image store is not answering, so nothing was saved. Please try again in a few minutes.',
  /** On every dashboard page while the bucket does not answer (decision 027). */
  imageStoreNotAnswering:
    'The image store is not answering just now: images the site has not shown lately are missing from its pages, ' +
    'and uploads are refused. Both work again by themselves once it answers; if this stays, ask whoever looks after ' +
    'the server to check the bucket.',
  diskFull:
    "The server's disk is full, so nothing was saved. Please ask whoever looks after the server to free some space, " +
    'then try again.',

  // The owner's account
  passwordTooShort: (min: number) => `The new password must be at least ${min} characters long.`,
  passwordTooLong: (max: number) => `The new password must be at most ${max} characters long.`,
  passwordIsUsername: 'The new password must not be your user name.',
  passwordTooCommon:
    'This password is too common or too easy to guess. Try a longer one, such as a few unrelated words.',
  passwordUnchanged: 'The new password must differ from the current one.',
  passwordsDiffer: 'The two new passwords are not the same.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  passwordChangeRequired:
    'Your password was generated or reset: please choose a new one on the Account page before making changes.',
  sessionNotFound: 'Session not found',
  signInCodeRequired: 'Please enter the code from your authenticator app, or a recovery code.',
  invalidSignInCode: 'That code is not valid. Check your authenticator app and try again.',
  signInChallengeExpired: 'This sign-in has expired. Please enter your name and password again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is off.',
  twoFactorNoSetup: 'No set-up is waiting: please start it again.',
} as const;
