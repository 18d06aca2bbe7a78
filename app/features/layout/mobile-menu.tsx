import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { HEADER_ITEMS, isMenu, type NavMenu } from '../../../core/site-structure';
import type { SiteSettings } from '../../../core/types';
import { SocialIcon, socialLinks } from './social-links';

// <details> keeps the menu and its sections usable before (or without) JavaScript.

function MobileSection({ menu }: { menu: NavMenu }) {
  return (
    <li>
      <details className="mobile-menu__section">
        <summary>{menu.label}</summary>
        <ul>
          <li>
            <NavLink to={menu.to} end>
              All {menu.label}
            </NavLink>
          </li>
          {menu.links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
          {menu.submenu && <MobileSection menu={menu.submenu} />}
        </ul>
      </details>
    </li>
  );
}

/** The phone menu with its expandable Design, Build and Construction sections. */
export function MobileMenu({ settings }: { settings: SiteSettings }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    menu.current?.removeAttribute('open');
  }, [pathname]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) {
        menu.current.removeAttribute('open');
        menu.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <details ref={menu} className="mobile-menu">
      <summary className="mobile-menu__toggle">
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Menu</span>
      </summary>
      <nav aria-label="Mobile" className="mobile-menu__panel">
        <ul>
          {HEADER_ITEMS.map((item) =>
            isMenu(item) ? (
              <MobileSection key={item.label} menu={item} />
            ) : (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
        <ul className="mobile-menu__social">
          {socialLinks(settings).map((link) => (
            <li key={link.key}>
              <a href={link.href} rel="noopener noreferrer" target="_blank" aria-label={link.label}>
                <SocialIcon path={link.path} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
