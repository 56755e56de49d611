export * from './photo.js';
