import {
  CLIENT_CATEGORIES,
  CLIENT_STATUSES,
  DEFAULT_CLIENT_CATEGORY,
  DEFAULT_CLIENT_STATUS,
  PUBLIC_CLIENT_STATUS,
} from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { CLIENT_STATUS_LABELS } from '../../../../core/status-labels';
import { clientCreateSchema } from '../../../../core/schemas/client.schema';
import type { Client } from '../../../../core/types';
import { useNotice } from '../notice';
import type { EntityKind } from './entity-kind';
import { EntityFacts, EntityManager } from './entity-manager';

const CLIENT_KIND: EntityKind<Client> = {
  noun: 'client',
  apiPath: '/api/clients',
  imageField: 'logo',
  imageLabel: 'Logo',
  imageOf: (client) => client.logoDetails,
  imageAlt: (client) => `${client.name} logo`,
  fields: [
    { name: 'name', label: 'Name', required: true },
    {
      name: 'description',
      label: 'Description',
      kind: 'textarea',
      hint: 'Not displayed: the website shows only the logo, on the home page.',
    },
    { name: 'website', label: 'Website', kind: 'url' },
    { name: 'category', label: 'Category', kind: 'select', options: CLIENT_CATEGORIES },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: CLIENT_STATUSES,
      optionLabels: CLIENT_STATUS_LABELS,
    },
  ],
  valuesOf: (client) => ({
    name: client?.name ?? '',
    description: client?.description ?? '',
    website: client?.website ?? '',
    category: client?.category ?? DEFAULT_CLIENT_CATEGORY,
    status: client?.status ?? DEFAULT_CLIENT_STATUS,
  }),
  schema: clientCreateSchema,
  saveError: MESSAGES.errorSavingClient,
  deleteError: MESSAGES.errorDeletingClient,
  describe: (client) => (
    <>
      <EntityFacts
        facts={[
          ['Category', client.category],
          ['Status', client.status],
        ]}
      />
      {client.website && (
        <p className="entity-card__link">
          <a href={client.website} target="_blank" rel="noopener noreferrer">
            {client.website.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
      {client.description && <p className="entity-card__description">{client.description}</p>}
      {client.status !== PUBLIC_CLIENT_STATUS && (
        <p className="entity-card__note">
          Not on the website: only {PUBLIC_CLIENT_STATUS} clients are shown to visitors. Edit the status to show this
          one.
        </p>
      )}
    </>
  ),
  emptyText: 'No clients yet. Add a client to show its logo on the home page.',
  gridClassName: 'entity-grid--three',
};

/** Clients Management (SPEC section 2): the clients three to a row, one on a phone. */
export function ClientsManager({ clients }: { clients: Client[] }) {
  const notices = useNotice();
  return <EntityManager kind={CLIENT_KIND} heading="Clients Management" items={clients} notices={notices} />;
}
