/**
 * @escrow/core/view-schemas: zod schemas of the API's answers as JSON carries them, each held to
 * its view type at compile time (exact.ts). For checking answers in development only
 * (@escrow/api-client/check-answer loads this entry by dynamic import, so zod stays out of
 * production bundles), and for the API's OpenAPI document, which describes each JSON answer with
 * its view's schema (apps/api's routeDoc); the server never parses its own answers.
 */
export * from './admin.js';
export type { SchemaOfView } from './exact.js';
export * from './seller.js';
export * from './buyer.js';
export * from './rider.js';
export * from './session.js';
