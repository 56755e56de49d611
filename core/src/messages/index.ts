export { catalogue, tooManyAttemptsMessage, type Catalogue } from './catalogue.js';
export { messageFor } from './message-for.js';
