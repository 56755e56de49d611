export { FsFileStorage } from './fs-file-storage.js';
export { FsStoredFileListing } from './fs-stored-file-listing.js';
