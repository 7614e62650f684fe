/**
 * Evaluates a parsed expression for one row. Names: `file` is the row's file, `this` the base
 * file, `note.x` and a bare `x` the note's property, `formula.x` another formula of the base;
 * inside `filter`/`map`/`reduce` also `value`, `index`, `acc`. Reading a field of a missing
 * value gives null; calling a function a value's type does not have, or giving a function the
 * wrong kind of argument, fails for that row (EvaluationError), as Obsidian shows an error.
 */
import { compilePattern } from '../../../../services/regex/index.ts';
import { applyBinary } from './operators.ts';
import type { Node } from './parser.ts';
import { EvaluationError, type BaseRuntime, type Call, type Scope } from './runtime.ts';
import { dateField, globalFunction, methodFor, PER_ELEMENT } from './functions/index.ts';
import { isList, isTagged, isTruthy, typeOf, type RegexValue, type Value } from './values.ts';

/** Names that are not properties: the row's file, the base file, and the two namespaces. */
const NAMESPACES = new Set(['file', 'this', 'note', 'formula']);

export class Evaluator {
  private readonly regexes = new WeakMap<Node, RegexValue>();

  constructor(private readonly runtime: BaseRuntime) {}

  evaluate(node: Node, scope: Scope): Value {
    switch (node.type) {
      case 'literal':
        return node.value;
      case 'regex':
        return this.regex(node);
      case 'name':
        return this.name(node.name, scope);
      case 'member':
        return this.member(node.object, node.property, scope);
      case 'index':
        return this.index(node.object, this.evaluate(node.index, scope), scope);
      case 'call':
        return this.call(node.callee, node.args, scope);
      case 'unary': {
        const operand = this.evaluate(node.operand, scope);
        if (node.operator === '!') return !isTruthy(operand);
        if (typeof operand !== 'number')
          throw new EvaluationError(`cannot negate a ${typeOf(operand)}`);
        return -operand;
      }
      case 'binary': {
        const left = this.evaluate(node.left, scope);
        if (node.operator === '&&')
          return isTruthy(left) && isTruthy(this.evaluate(node.right, scope));
        if (node.operator === '||')
          return isTruthy(left) || isTruthy(this.evaluate(node.right, scope));
        return applyBinary(
          node.operator,
          left,
          this.evaluate(node.right, scope),
          this.runtime.moment,
        );
      }
      case 'list':
        return node.items.map((item) => this.evaluate(item, scope));
      case 'object':
        return {
          kind: 'object',
          entries: Object.fromEntries(
            node.entries.map(([key, value]) => [key, this.evaluate(value, scope)]),
          ),
        };
    }
  }

  private regex(node: Extract<Node, { type: 'regex' }>): RegexValue {
    let value = this.regexes.get(node);
    if (value === undefined) {
      value = { kind: 'regexp', regex: compilePattern(node.pattern, node.flags) };
      this.regexes.set(node, value);
    }
    return value;
  }

  private name(name: string, scope: Scope): Value {
    const local = scope.local(name);
    if (local !== undefined) return local;
    if (name === 'file') return { kind: 'file', file: scope.file };
    if (name === 'this') return { kind: 'file', file: scope.self };
    return this.runtime.noteProperty(scope.file, name);
  }

  /** `note.x`, `formula.x`, `file.x`, `this.x`, or a field of a value. */
  private member(object: Node, property: string, scope: Scope): Value {
    if (
      object.type === 'name' &&
      NAMESPACES.has(object.name) &&
      scope.local(object.name) === undefined
    )
      return this.inNamespace(object.name, property, scope);
    return this.field(this.evaluate(object, scope), property);
  }

  private inNamespace(namespace: string, property: string, scope: Scope): Value {
    switch (namespace) {
      case 'note':
        return this.runtime.noteProperty(scope.file, property);
      case 'formula':
        return scope.formula(property);
      case 'file':
        return this.runtime.fileMember(scope.file, property) ?? null;
      default: // this: the base file, and its properties
        if (property === 'file') return { kind: 'file', file: scope.self };
        return (
          this.runtime.fileMember(scope.self, property) ??
          this.runtime.noteProperty(scope.self, property)
        );
    }
  }

  private field(value: Value, property: string): Value {
    if (property === 'length' && (typeof value === 'string' || isList(value))) return value.length;
    if (isTagged(value, 'date')) return dateField(value, property) ?? null;
    if (isTagged(value, 'file')) return this.runtime.fileMember(value.file, property) ?? null;
    if (isTagged(value, 'object') && Object.hasOwn(value.entries, property))
      return value.entries[property] ?? null;
    return null;
  }

  private index(object: Node, key: Value, scope: Scope): Value {
    if (
      object.type === 'name' &&
      NAMESPACES.has(object.name) &&
      scope.local(object.name) === undefined
    ) {
      if (typeof key !== 'string')
        throw new EvaluationError(`${object.name}[...] takes a property name`);
      return this.inNamespace(object.name, key, scope);
    }
    const value = this.evaluate(object, scope);
    if (typeof key === 'number' && (isList(value) || typeof value === 'string'))
      return Number.isInteger(key) && key >= 0 && key < value.length ? (value[key] ?? null) : null;
    if (typeof key === 'string') return this.field(value, key);
    return null;
  }

  private call(callee: Node, args: Node[], scope: Scope): Value {
    if (callee.type === 'name') {
      const fn = globalFunction(callee.name);
      if (fn === undefined) throw new EvaluationError(`${callee.name}() is not a function`);
      return fn(this.callOf(callee.name, args, scope));
    }
    if (callee.type !== 'member') throw new EvaluationError('only functions can be called');
    const receiver = this.evaluate(callee.object, scope);
    const method = methodFor(receiver, callee.property);
    if (method === undefined)
      throw new EvaluationError(`${callee.property}() is not a function of a ${typeOf(receiver)}`);
    if (PER_ELEMENT.has(callee.property) && !isList(receiver))
      throw new EvaluationError(`${callee.property}() works on a list`);
    return method(receiver, this.callOf(callee.property, args, scope));
  }

  private callOf(name: string, nodes: Node[], scope: Scope): Call {
    const values = new Map<number, Value>();
    const arg = (index: number): Value => {
      const node = nodes[index];
      if (node === undefined) return null;
      if (!values.has(index)) values.set(index, this.evaluate(node, scope));
      return values.get(index) as Value;
    };
    return {
      name,
      count: nodes.length,
      runtime: this.runtime,
      scope,
      arg,
      args: () => nodes.map((_node, index) => arg(index)),
      lambda: (index, locals) => {
        const node = nodes[index];
        return node === undefined ? null : this.evaluate(node, withLocals(scope, locals));
      },
    };
  }
}

function withLocals(scope: Scope, locals: Readonly<Record<string, Value>>): Scope {
  return {
    file: scope.file,
    self: scope.self,
    formula: (name) => scope.formula(name),
    local: (name) => (Object.hasOwn(locals, name) ? locals[name] : scope.local(name)),
  };
}
