import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './scim.rules.ts';

/** RFC 7644 section 4: what this service provider supports, as identity providers read it before provisioning. */
export const serviceProviderConfig = (baseUrl: string, maxResults: number) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: "The organization's SCIM token, created by a super user on the Provisioning (SCIM) page.",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

const list = <T>(resources: T[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const resourceTypes = (baseUrl: string) =>
  list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organization',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the organization (a member is in one team at a time)',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ]);

type Attribute = {
  name: string;
  type: string;
  multiValued?: boolean;
  required?: boolean;
  mutability?: string;
  uniqueness?: string;
  subAttributes?: Attribute[];
};

const attribute = ({ multiValued = false, required = false, mutability = 'readWrite', uniqueness = 'none', ...rest }: Attribute) => ({
  ...rest,
  multiValued,
  required,
  caseExact: false,
  mutability,
  returned: 'default',
  uniqueness,
});

export const schemas = (baseUrl: string) =>
  list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A member of the organization; userName is unique in it, the e-mail across the platform',
      attributes: [
        attribute({ name: 'userName', type: 'string', required: true, uniqueness: 'server' }),
        attribute({ name: 'externalId', type: 'string' }),
        attribute({
          name: 'name',
          type: 'complex',
          subAttributes: [
            attribute({ name: 'givenName', type: 'string' }),
            attribute({ name: 'familyName', type: 'string' }),
            attribute({ name: 'formatted', type: 'string', mutability: 'readOnly' }),
          ],
        }),
        attribute({ name: 'displayName', type: 'string', mutability: 'readOnly' }),
        attribute({ name: 'title', type: 'string' }),
        attribute({
          name: 'emails',
          type: 'complex',
          multiValued: true,
          required: true,
          subAttributes: [
            attribute({ name: 'value', type: 'string' }),
            attribute({ name: 'type', type: 'string' }),
            attribute({ name: 'primary', type: 'boolean' }),
          ],
        }),
        attribute({ name: 'active', type: 'boolean' }),
        attribute({
          name: 'groups',
          type: 'complex',
          multiValued: true,
          mutability: 'readOnly',
          subAttributes: [attribute({ name: 'value', type: 'string' })],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A team of the organization',
      attributes: [
        attribute({ name: 'displayName', type: 'string', required: true, uniqueness: 'server' }),
        attribute({
          name: 'members',
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute({ name: 'value', type: 'string', mutability: 'immutable' })],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
    },
  ]);
