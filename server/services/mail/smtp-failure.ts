import type { SmtpFailureKind } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { SmtpFailure } from '../../../core/types';

/** What nodemailer tells of a failure beside its message (its errors carry these properties). */
interface SmtpErrorFacts {
  /** nodemailer's own code: EAUTH, ESOCKET, EENVELOPE, … */
  code?: string;
  /** The code beneath it: Node's (ECONNREFUSED, CERT_HAS_EXPIRED, …) or which wait timed out (GREETING_TIMEOUT). */
  cause?: string;
  /** The SMTP server's reply code, when it answered. */
  responseCode?: number;
  /** The SMTP command under way: CONN, AUTH PLAIN, MAIL FROM, RCPT TO, DATA. */
  command?: string;
  message: string;
}

/** Node's codes for a server that cannot be reached, and nodemailer's for a connection that failed or timed out. */
const UNREACHABLE_CAUSES =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EAI_FAIL|ETIMEDOUT|EHOSTUNREACH|EHOSTDOWN|ENETUNREACH|ENETDOWN|EPIPE|EADDRNOTAVAIL|CONNECT_TIMEOUT|GREETING_TIMEOUT|SOCKET_TIMEOUT)$/;
/**
 * OpenSSL's and Node's codes for a TLS handshake or certificate that failed, and the wait for the upgrade to TLS:
 * smtps:// on a plain port answers "wrong version number", a bad certificate its own code.
 */
const TLS_CAUSES =
  /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|UPGRADE_TIMEOUT)/;
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET', 'EPROXY', 'EABORT']);
const LOGIN_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);
/** The SMTP replies that refuse a login or ask for one (RFC 4954): 530 authentication required, 534, 535. */
const LOGIN_REPLIES = new Set([530, 534, 535]);

/**
 * The stored form of a failure: "EAUTH 535 at AUTH PLAIN: Invalid login: 535 …". The outbox keeps this line
 * (`last_error`), so the plain words are worked out when it is read, with no column for them.
 */
const DETAIL_LINE = /^(E[A-Z0-9]+)((?: [A-Z0-9_]+)*)(?: at ([A-Z][A-Z0-9 -]*))?: ([\s\S]*)$/;

function factsOfError(error: unknown): SmtpErrorFacts {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, originalCode, timeoutType, responseCode, command } = error as Error & Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    code: text(code),
    cause: text(originalCode) ?? text(timeoutType),
    responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    command: text(command),
    // OpenSSL's messages end in a line break; the stored line is one line.
    message: error.message.trim(),
  };
}

function detailOf({ code, cause, responseCode, command, message }: SmtpErrorFacts): string {
  if (!code) return message;
  const codes = [code, cause, responseCode].filter((part) => part !== undefined).join(' ');
  return `${codes}${command ? ` at ${command}` : ''}: ${message}`;
}

/**
 * The facts back from a stored line. A line stored before this form (the message alone) still gives the codes its
 * message names: "connect ECONNREFUSED …", "Invalid login: 535 …".
 */
function factsOfDetail(detail: string): SmtpErrorFacts {
  const line = DETAIL_LINE.exec(detail);
  if (!line) {
    const responseCode = /(?:^|: )([45]\d\d)\b/.exec(detail)?.[1];
    return {
      cause: /\b(E[A-Z]{3,}[A-Z_]*|ERR_[A-Z_]+|CERT_[A-Z_]+)\b/.exec(detail)?.[1],
      responseCode: responseCode ? Number(responseCode) : undefined,
      message: detail,
    };
  }
  const [, code, rest = '', command, message = ''] = line;
  const parts = rest.trim().split(' ').filter(Boolean);
  const reply = parts.find((part) => /^\d{3}$/.test(part));
  return {
    code,
    cause: parts.find((part) => part !== reply),
    responseCode: reply ? Number(reply) : undefined,
    command,
    message,
  };
}

function kindOf({ code = '', cause = '', responseCode }: SmtpErrorFacts): SmtpFailureKind {
  if (code === 'ETLS' || code === 'EREQUIRETLS' || TLS_CAUSES.test(cause)) return 'tls';
  if (LOGIN_CODES.has(code) || (responseCode !== undefined && LOGIN_REPLIES.has(responseCode))) return 'login';
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_CAUSES.test(cause)) return 'unreachable';
  if (code === 'EENVELOPE') return 'address';
  if (responseCode !== undefined && responseCode >= 400) return 'refused';
  return 'unknown';
}

/** The server's own answer, from its reply code on ("452 4.2.2 Mailbox full"), else the whole message. */
function serverAnswer({ responseCode, message }: SmtpErrorFacts): string {
  const at = responseCode === undefined ? -1 : message.indexOf(String(responseCode));
  return at === -1 ? message : message.slice(at);
}

function plainMessage(kind: SmtpFailureKind, facts: SmtpErrorFacts): string {
  const words = MESSAGES.smtpFailures;
  switch (kind) {
    case 'address':
      return facts.command === 'MAIL FROM' ? words.addressFrom : words.addressTo;
    case 'refused':
      return words.refused(serverAnswer(facts));
    default:
      return words[kind];
  }
}

function failureOf(facts: SmtpErrorFacts, detail: string): SmtpFailure {
  const kind = kindOf(facts);
  return { kind, message: plainMessage(kind, facts), detail };
}

/** A failed send as the owner is told it, with the technical line kept (the outbox stores that line). */
export function classifySmtpError(error: unknown): SmtpFailure {
  const facts = factsOfError(error);
  return failureOf(facts, detailOf(facts));
}

/** A stored failure line (the outbox's `last_error`) as the owner is told it. */
export function classifySmtpDetail(detail: string): SmtpFailure {
  return failureOf(factsOfDetail(detail), detail);
}
