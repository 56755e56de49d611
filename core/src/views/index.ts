export * from './buyer-order-view.js';
export * from './order-progress.js';
export * from './public-tracking-view.js';
export * from './rider-job-view.js';
export * from './seller-order-view.js';
export * from './admin-order-view.js';
export * from './seller-dashboard-view.js';
export * from './admin-area-views.js';
