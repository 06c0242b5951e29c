export * from './protocol';
export { createServer, ServerError, type FrayServer, type ServerOptions } from './server';
export { LiveTable, campaignStreamId, fightStreamId, type TableSource, type TableMeta } from './table';
export { DEFAULT_LIMITS, type ServerLimits } from './limits';
export type { Narrate } from './projection';
export { hashToken } from './tokens';
export { loadContentLibrary, sourceOfLibrary, LibrarySetupError, type ContentLibrary } from './content-library';
export { movePreviewFor } from './move-preview';
export { isPostgresUrl } from '@fray/store';
