export const apiTokensKey = ['integrations', 'tokens'] as const;
export const webhookEndpointsKey = ['integrations', 'webhooks'] as const;
export const webhookDeliveriesKey = ['integrations', 'deliveries'] as const;
