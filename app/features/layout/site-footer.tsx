import { Link } from 'react-router';
import type { SiteSettings } from '../../../core/types';
import { telHref } from '../../lib/format';
import { SocialIconRow } from './social-links';

/**
 * The footer of SPEC section 2: description, two phones, e-mail, address, © and the social links. The © year is the
 * current one in the site's zone (issue 35: SPEC's fixed 2025 aged), given by the layout's loader.
 */
export function SiteFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{settings.brandName}</p>
          <p>{settings.description}</p>
          <SocialIconRow settings={settings} />
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul className="site-footer__list">
            {[settings.phonePrimary, settings.phoneSecondary].filter(Boolean).map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)}>{phone}</a>
              </li>
            ))}
            {settings.contactEmail && (
              <li>
                <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
              </li>
            )}
            <li>
              <address>{settings.address}</address>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Explore</h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/about">About us</Link>
            </li>
            <li>
              <Link to="/design">Design</Link>
            </li>
            <li>
              <Link to="/build">Build</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright container">
        © {year} {settings.brandName}. All rights reserved.
      </p>
    </footer>
  );
}
