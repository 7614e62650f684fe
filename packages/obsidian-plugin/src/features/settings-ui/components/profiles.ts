/** How the tab names the tool-loading profiles. */
import type { TokenPolicy } from '@mcp-connector/shared';

export const PROFILE_NAMES: Record<TokenPolicy['profile'], string> = {
  all: 'All tools',
  core: 'Core',
  adaptive: 'Adaptive',
};

export const PROFILE_OPTIONS = Object.entries(PROFILE_NAMES) as [TokenPolicy['profile'], string][];
