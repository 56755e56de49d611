export * from './csv.js';
export * from './orders-csv.js';
