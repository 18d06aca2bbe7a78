import type { SiteSettings } from '../../../core/types';

export const SOCIAL_NETWORKS = [
  {
    key: 'facebookUrl',
    label: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  },
  {
    key: 'instagramUrl',
    label: 'Instagram',
    path: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2z',
  },
  {
    key: 'youtubeUrl',
    label: 'YouTube',
    path: 'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15V9l5.2 3z',
  },
  {
    key: 'tiktokUrl',
    label: 'TikTok',
    path: 'M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-1.8-2.5V9.7a5.8 5.8 0 1 0 4.9 5.7V9.1a7.4 7.4 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.2-1.6z',
  },
] as const;

/** The four networks of SPEC section 2, with the links the administrator set. */
export function socialLinks(settings: SiteSettings) {
  return SOCIAL_NETWORKS.map((network) => ({ ...network, href: settings[network.key] })).filter(
    (link) => link.href !== '',
  );
}

export function SocialIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** Social icons in a row (footer, listing pages). */
export function SocialIconRow({ settings, className }: { settings: SiteSettings; className?: string }) {
  return (
    <ul className={`social-row ${className ?? ''}`}>
      {socialLinks(settings).map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={`${link.label} (opens in a new tab)`}
          >
            <SocialIcon path={link.path} />
          </a>
        </li>
      ))}
    </ul>
  );
}
