import { getMetadataStorage } from 'type-graphql';
import { getMetadataStorage as getValidationStorage, validate } from 'class-validator';
import { badInput, fromValidationErrors } from './errors.js';

/**
 * Turns a REST body (JSON or multipart strings) into an instance of a GraphQL input class: only the
 * fields the class declares are copied (everything else, such as `role` or `ratings`, is dropped),
 * strings are coerced to the declared scalar type, and class-validator runs the same rules as the
 * GraphQL door. One whitelist, two doors.
 */
type Ctor<T> = new () => T;
/** A class as type-graphql and class-validator keep it in their metadata. */
type ClassTarget = ReturnType<typeof getMetadataStorage>['fields'][number]['target'];

/** A class's GraphQL fields (its own and its ancestors'), looked up once per class: its decorators ran when it was defined. */
const fieldsByClass = new WeakMap<ClassTarget, ReturnType<typeof getMetadataStorage>['fields']>();
function fieldsOf(cls: ClassTarget) {
  const known = fieldsByClass.get(cls);
  if (known) return known;
  const storage = getMetadataStorage();
  const chain: ClassTarget[] = [];
  for (let c: ClassTarget | null = cls; c && c !== Object.prototype.constructor && c.prototype; c = Object.getPrototypeOf(c)) {
    chain.push(c);
  }
  const fields = storage.fields.filter((f) => chain.includes(f.target));
  fieldsByClass.set(cls, fields);
  return fields;
}

/**
 * class-validator finds a class's rules on every `validate()` by walking every class it has rules for
 * (an `instanceof` each, for inherited rules): a few hundred input classes here, on every request with
 * arguments, through both doors (issue #22: 3–4 % of the doctors list's CPU). The answer only changes
 * when a rule is added, so it is kept per class and options, and forgotten whenever a rule is added
 * (a class defined later). Once per process: this module calls it for the REST door's validations,
 * and buildNirogSchema (schema.ts) for the GraphQL door's, so neither depends on the other's imports.
 */
export function keepRuleLookups(): void {
  type Storage = ReturnType<typeof getValidationStorage>;
  const storage = getValidationStorage() as Storage & { nirogKept?: true };
  if (storage.nirogKept) return;
  storage.nirogKept = true;
  const find = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let kept = new Map<ClassTarget, Map<string, ReturnType<Storage['getTargetValidationMetadatas']>>>();
  storage.addValidationMetadata = (metadata) => {
    kept = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = find(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
keepRuleLookups();

function coerceScalar(value: unknown, type: unknown, name: string): unknown {
  if (value === null || value === undefined) return value;
  const typeName = (type as { name?: string })?.name;
  if (type === Number || typeName === 'Int' || typeName === 'Float') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
    throw badInput(`${name} must be a number`, { [name]: 'Must be a number' });
  }
  if (type === Boolean) {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw badInput(`${name} must be true or false`, { [name]: 'Must be true or false' });
  }
  if (type === String || typeName === 'ID') {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    throw badInput(`${name} must be text`, { [name]: 'Must be text' });
  }
  if (type === Date) {
    const d = new Date(String(value));
    if (Number.isNaN(d.getTime())) throw badInput(`${name} must be a date`, { [name]: 'Must be a date' });
    return d;
  }
  if (typeof type === 'object' && type && Object.values(type).length) {
    // a registered enum: accept its values (what the old app sent) or its GraphQL names
    const enumObj = type as Record<string, string>;
    if (Object.values(enumObj).includes(value as string)) return value;
    if (typeof value === 'string' && value in enumObj) return enumObj[value];
    throw badInput(`${name} must be one of ${Object.values(enumObj).join(', ')}`, { [name]: 'Invalid choice' });
  }
  return value;
}

export async function parseInput<T extends object>(cls: Ctor<T>, body: unknown): Promise<T> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const instance = new cls() as Record<string, unknown>;
  for (const field of fieldsOf(cls)) {
    if (!(field.name in source)) continue;
    const type = field.getType();
    let value = source[field.name];
    if (field.typeOptions.array) {
      if (typeof value === 'string') {
        value = value.trim().startsWith('[') ? safeJson(value, field.name) : value.split(',').map((s) => s.trim()).filter(Boolean);
      }
      if (!Array.isArray(value)) throw badInput(`${field.name} must be a list`, { [field.name]: 'Must be a list' });
      const isInputObject = typeof type === 'function' && fieldsOf(type).length > 0;
      value = await Promise.all(value.map((v) => (isInputObject ? parseInput(type as Ctor<object>, v) : coerceScalar(v, type, field.name))));
    } else if (typeof type === 'function' && fieldsOf(type).length > 0) {
      value = await parseInput(type as Ctor<object>, typeof value === 'string' ? safeJson(value, field.name) : value);
    } else {
      value = coerceScalar(value, type, field.name);
    }
    instance[field.name] = value;
  }
  await assertValid(instance);
  return instance as T;
}

function safeJson(value: string, name: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw badInput(`${name} is not valid`, { [name]: 'Invalid value' });
  }
}

export async function assertValid(instance: object): Promise<void> {
  const errors = await validate(instance, { forbidUnknownValues: false, skipMissingProperties: false });
  if (errors.length) throw fromValidationErrors(errors);
}
