/** The integrations module's public face: what other modules may use of it (they import nothing else of it). */
export { apiV1Routes } from './api-v1.routes.ts';
export { integrationsRoutes } from './integrations.routes.ts';
export { deliverWebhook, WEBHOOK_QUEUE, WEBHOOK_QUEUE_SETTINGS } from './webhook-delivery.ts';
export { deliverStatement, XAPI_QUEUE, XAPI_QUEUE_SETTINGS } from './xapi-delivery.ts';
