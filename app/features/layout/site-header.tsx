import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../../core/constants';
import { resolveImageUrl } from '../../../core/image-url';
import { HEADER_ITEMS, isMenu, type NavMenu } from '../../../core/site-structure';
import type { SiteSettings } from '../../../core/types';
import { useDismissable } from '../../lib/use-dismissable';
import { MobileMenu } from './mobile-menu';
import { SocialIcon, socialLinks } from './social-links';

type OpenMenu = string;

function DesktopMenu({ menu, menus }: { menu: NavMenu; menus: ReturnType<typeof useDismissable<OpenMenu>> }) {
  const expanded = menus.open === menu.label || (menu.submenu !== undefined && menus.open === menu.submenu.label);
  const id = `menu-${menu.label.toLowerCase()}`;
  return (
    <li
      className="site-nav__item site-nav__item--menu"
      data-open={expanded || undefined}
      onMouseEnter={() => menus.show(menu.label)}
      onMouseLeave={menus.closeSoon}
    >
      <NavLink to={menu.to} className="site-nav__link">
        {menu.label}
      </NavLink>
      <button
        type="button"
        className="site-nav__toggle"
        aria-expanded={expanded}
        aria-controls={id}
        aria-label={`${menu.label} menu`}
        onClick={() => menus.toggle(menu.label)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <ul className="site-nav__dropdown" id={id}>
        {menu.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} onClick={menus.close}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {menu.submenu && (
          <li className="site-nav__submenu">
            <span className="site-nav__submenu-title">{menu.submenu.label}</span>
            <ul>
              {menu.submenu.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={menus.close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </li>
  );
}

function SocialMenu({
  settings,
  menus,
}: {
  settings: SiteSettings;
  menus: ReturnType<typeof useDismissable<OpenMenu>>;
}) {
  const links = socialLinks(settings);
  if (links.length === 0) return null;
  const expanded = menus.open === 'social';
  return (
    <div
      className="social-menu"
      data-open={expanded || undefined}
      onMouseEnter={() => menus.show('social')}
      onMouseLeave={menus.closeSoon}
    >
      <button
        type="button"
        className="social-menu__toggle"
        aria-expanded={expanded}
        aria-controls="social-menu"
        onClick={() => menus.toggle('social')}
      >
        Follow us
      </button>
      <ul className="social-menu__list" id="social-menu">
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} rel="noopener noreferrer" target="_blank" onClick={menus.close}>
              <SocialIcon path={link.path} />
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The site header of SPEC section 2: solid after 50 px of scrolling or on any /construction/ page. */
export function SiteHeader({ settings }: { settings: SiteSettings }) {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const container = useRef<HTMLElement>(null);
  const menus = useDismissable<OpenMenu>(container);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const { close } = menus;
  useEffect(() => close(), [pathname, close]);

  const solid = scrolled || pathname.startsWith('/construction/');
  return (
    <header ref={container} className="site-header" data-solid={solid || undefined}>
      <div className="site-header__inner container">
        <Link to="/" className="site-header__brand">
          {settings.logo ? (
            <img
              src={resolveImageUrl(settings.logo)}
              alt={settings.brandName}
              width={152}
              height={40}
              fetchPriority="low"
            />
          ) : (
            settings.brandName
          )}
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul className="site-nav__list">
            {HEADER_ITEMS.map((item) =>
              isMenu(item) ? (
                <DesktopMenu key={item.label} menu={item} menus={menus} />
              ) : (
                <li key={item.to} className="site-nav__item">
                  <NavLink to={item.to} end className="site-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <SocialMenu settings={settings} menus={menus} />
        <MobileMenu settings={settings} />
      </div>
    </header>
  );
}
