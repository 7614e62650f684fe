/** The semantic-search feature's Obsidian UI (imports runtime values from 'obsidian'). */
export { downloadWithProgress, offerModelDownload } from './model-download-notice.ts';
