/**
 * Argument types the canvas tools share: JSON Canvas colors (a preset "1"-"6" or #rrggbb,
 * checked by `checkColor` rather than a schema pattern every client would pay for) and the four
 * sides an edge can attach to.
 */
import { ToolError } from '@mcp-connector/shared';

export const colorArgument = 'string' as const;

export function checkColor(color: string | undefined): void {
  if (color !== undefined && !/^(?:[1-6]|#[0-9a-fA-F]{6})$/.test(color)) {
    throw new ToolError(
      'invalid_arguments',
      `color "${color}" is not a canvas color; give a preset "1"-"6" (red, orange, yellow, green, cyan, purple) or #rrggbb.`,
    );
  }
}
export const sideArgument = "'top' | 'right' | 'bottom' | 'left'" as const;
