export { REGEX_BUDGET_MS, RegexBudget } from './regex-budget.ts';
export { UserRegex, compilePattern, type RegexMatch } from './user-regex.ts';
