/**
 * The time a regex may take on one note: every engine call on that note's text together
 * (`forNote` starts the next note's budget), or on the whole call where no note is named. So a
 * plain pattern over 100,000 notes runs to the end, and a pattern that is slow on one huge note
 * stops there, naming it. The whole call's time is bounded apart from this, by the tool context's
 * signal (ADR-0036). Each engine call gets the time that is left: a text large enough to matter
 * is handed to re2js wrapped in a String whose `charCodeAt` checks the clock every 1,024
 * characters read, so even a single linear-but-slow match stops at the deadline with
 * `regex_timeout` (re2js reads its input only through `charCodeAt`, `indexOf` and `substring`).
 * Between notes a long search gives the event loop its turns (services/long-steps.ts).
 */
import { ToolError } from '@mcp-connector/shared';

export const REGEX_BUDGET_MS = 2000;
/** Below this many steps (text length x program size) a call cannot run long: no clock checks. */
const UNCHECKED_STEPS = 2_000_000;
const CHECK_EVERY = 0x3ff;

export class RegexBudget {
  private spentMs = 0;
  /** The note the budget is spent on, once `forNote` named one. */
  private note: string | null = null;

  constructor(readonly limitMs: number = REGEX_BUDGET_MS) {}

  /** Starts the budget of one note: its regex work gets the whole budget, and a timeout names it. */
  forNote(path: string): void {
    this.note = path;
    this.spentMs = 0;
  }

  /** Runs one engine call on `text` within what is left of the budget. */
  run<T>(text: string, programSize: number, call: (input: string) => T): T {
    const start = Date.now();
    const deadline = start + this.limitMs - this.spentMs;
    if (deadline <= start) throw this.timeout();
    try {
      if (text.length * programSize < UNCHECKED_STEPS) return call(text);
      return call(new DeadlineText(text, deadline, () => this.timeout()) as unknown as string);
    } finally {
      this.spentMs += Date.now() - start;
    }
  }

  timeout(): ToolError {
    const seconds = this.limitMs / 1000;
    if (this.note !== null)
      return new ToolError(
        'regex_timeout',
        `The regex needed more than its ${seconds} s budget on one note, ${this.note}, so the search stopped and nothing was changed. Simplify the pattern, or leave that note out of the scope.`,
        { budgetMs: this.limitMs, path: this.note },
      );
    return new ToolError(
      'regex_timeout',
      `The regex needed more than its ${seconds} s budget, so the search stopped and nothing was changed. Narrow the scope (a folder or one note; in search_vault, put a glob on the path before the regexp) or simplify the pattern.`,
      { budgetMs: this.limitMs },
    );
  }
}

/** A String that throws once the deadline has passed, checked as re2js reads it. */
class DeadlineText extends String {
  private reads = 0;

  constructor(
    text: string,
    private readonly deadline: number,
    private readonly timeout: () => Error,
  ) {
    super(text);
  }

  override charCodeAt(index: number): number {
    if ((++this.reads & CHECK_EVERY) === 0 && Date.now() > this.deadline) throw this.timeout();
    return super.charCodeAt(index);
  }
}
