/**
 * Obsidian's setIcon: empties the element and draws the named icon as an `svg.svg-icon` (Obsidian
 * draws Lucide's icons so). The few icons the plugin names are drawn from Lucide's paths; any
 * other id draws an empty svg, named the same way, so a test still sees which icon was asked for.
 */
import type * as Obsidian from 'obsidian';

const SVG = 'http://www.w3.org/2000/svg';

/** Lucide's paths (ISC licence), for the icons the plugin's UI asks for. */
const PATHS: Record<string, readonly string[]> = {
  x: ['M18 6 6 18', 'm6 6 12 12'],
  copy: [
    'M8 8h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z',
    'M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2',
  ],
};

export const setIcon: typeof Obsidian.setIcon = (parent, iconId) => {
  parent.empty();
  parent.setAttr('data-icon', iconId);
  const svg = parent.createSvg('svg', {
    cls: ['svg-icon', `lucide-${iconId}`],
    attr: {
      xmlns: SVG,
      width: 24,
      height: 24,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
  });
  for (const d of PATHS[iconId] ?? []) svg.createSvg('path', { attr: { d } });
};
