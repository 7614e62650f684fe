import { getServerInfo } from './get-server-info.ts';

export const serverTools = [getServerInfo];
