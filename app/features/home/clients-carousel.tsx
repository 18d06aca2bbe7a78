import { CLIENTS_PER_PAGE, CLIENTS_PER_PAGE_MOBILE, MOBILE_BREAKPOINT_PX } from '../../../core/constants';
import type { ClientLogo } from '../../../core/client-logo';
import { useMediaQuery } from '../../lib/client-state';
import { CarouselControls, useCarousel } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

/** Client logos, 3 a page (1 up to 768 px wide); a broken logo shows a placeholder. The page draws it only with some. */
export function ClientsCarousel({ clients }: { clients: ClientLogo[] }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const perPage = mobile ? CLIENTS_PER_PAGE_MOBILE : CLIENTS_PER_PAGE;
  const pageCount = Math.ceil(clients.length / perPage);
  // A page number belongs to one layout: switching between phone and desktop starts again at the first page.
  const carousel = useCarousel(pageCount, perPage);
  const page = carousel.current;

  const shown = clients.slice(page * perPage, page * perPage + perPage);
  return (
    // A group, not a region: the section around it is already the landmark named "Our Clients".
    <div className="clients" role="group" aria-roledescription="carousel" aria-label="Client logos">
      <ul className="clients__page" style={{ '--per-page': perPage } as React.CSSProperties}>
        {shown.map((client) => (
          <li key={client.id} className="clients__logo">
            <ResponsiveImage
              image={client.logo}
              alt={client.logo?.alt ?? `${client.name} logo`}
              sizes={IMAGE_SIZES.clientLogo}
              width={600}
              height={300}
              deferred
              fallbackText={client.name}
            />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <CarouselControls
          carousel={carousel}
          count={pageCount}
          noun="clients"
          className="clients__controls"
          buttonClassName="round-button"
        />
      )}
    </div>
  );
}
