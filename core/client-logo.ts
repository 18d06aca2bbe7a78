import { type ShownImage, shownImage } from './shown-image';
import type { Client } from './types';

/** A client as the home page's carousel draws it: a name and a logo, not the whole record. */
export interface ClientLogo {
  id: number;
  name: string;
  logo: ShownImage | null;
}

export function clientLogo(client: Client): ClientLogo {
  return {
    id: client.id,
    name: client.name,
    logo: client.logoDetails ? shownImage(client.logoDetails, `${client.name} logo`) : null,
  };
}
