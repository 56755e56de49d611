export { catalogue, type Catalogue } from './catalogue.js';
export { messageFor } from './message-for.js';
