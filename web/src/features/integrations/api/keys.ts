export const apiTokensKey = ['integrations', 'tokens'] as const;
export const webhookEndpointsKey = ['integrations', 'webhooks'] as const;
export const webhookDeliveriesKey = ['integrations', 'deliveries'] as const;
export const xapiSettingsKey = ['integrations', 'xapi'] as const;
export const xapiDeliveriesKey = ['integrations', 'xapi', 'deliveries'] as const;
