import { clsx } from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { shortValue } from '../../contract/site-config-diff.ts';
import { defineTexts, useTexts } from './i18n.ts';

/**
 * A form generated from a zod schema (the site configuration's, contract/site-config.ts): objects
 * become fieldsets, strings, numbers and booleans inputs, enums selects, arrays repeatable rows,
 * and anything else (records, unknown values) a JSON text area. The value is the whole document;
 * every change gives a new one. Errors and changed fields are shown by their dotted path
 * (`auth.authTypes.1`), the same the server names them with.
 */
const texts = defineTexts({
  en: { add: 'Add', remove: 'Remove', none: '— none —', notJson: 'Not valid JSON', item: 'Item {n}', empty: 'No entry.', json: 'JSON' },
  fr: { add: 'Ajouter', remove: 'Retirer', none: '— aucun —', notJson: 'JSON invalide', item: 'Élément {n}', empty: 'Aucune entrée.', json: 'JSON' },
});

type Schema = z.ZodType;
type Def = { type: string; innerType?: Schema; element?: Schema; shape?: Record<string, Schema>; entries?: Record<string, string> };

const defOf = (schema: Schema) => (schema as unknown as { def: Def }).def;

/** The schema under defaults, optional and nullable wrappers, and whether null / absent are allowed. */
export function unwrap(schema: Schema): { inner: Schema; nullable: boolean; optional: boolean } {
  let inner = schema;
  let nullable = false;
  let optional = false;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'nullable') nullable = true;
    else if (def.type === 'optional') optional = true;
    else if (def.type !== 'default' && def.type !== 'prefault' && def.type !== 'readonly' && def.type !== 'catch') break;
    if (!def.innerType) break;
    inner = def.innerType;
  }
  return { inner, nullable, optional };
}

const enumOptions = (schema: Schema): string[] => Object.values(defOf(schema).entries ?? {});

/** A new row of an array: the element's own default when it has one, else an empty value of its kind. */
export function blankOf(schema: Schema): unknown {
  const parsed = schema.safeParse(undefined);
  if (parsed.success && parsed.data !== undefined) return parsed.data;
  const { inner, nullable } = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, child]) => [key, blankOf(child)]).filter(([, value]) => value !== undefined));
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
      return nullable ? null : enumOptions(inner)[0];
    case 'array':
      return [];
    case 'record':
      return {};
    default:
      return null;
  }
}

export function setAt(document: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(document)) {
    const copy = [...document];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const base = document && typeof document === 'object' ? (document as Record<string, unknown>) : {};
  const next = { ...base, [head]: setAt(base[head], rest, value) };
  if (value === undefined && !rest.length) delete next[head];
  return next;
}

export type SchemaFormProps = {
  schema: Schema;
  value: unknown;
  onChange(value: unknown): void;
  /** Messages by dotted path. */
  errors: Record<string, string>;
  /** Dotted paths that differ from the saved document (their fields are marked). */
  changed: Set<string>;
  /** JSON areas that do not parse, by path: reported so the screen can refuse to save. */
  onJsonError(path: string, message: string | null): void;
  readOnly?: boolean;
};

type NodeProps = Omit<SchemaFormProps, 'value' | 'schema'> & { schema: Schema; value: unknown; path: string[]; label: string };

const isChanged = (changed: Set<string>, path: string) => [...changed].some((item) => item === path || item.startsWith(`${path}.`));

/** The top level: one collapsible section per key of the document's object. */
export function SchemaForm(props: SchemaFormProps) {
  const { inner } = unwrap(props.schema);
  const shape = defOf(inner).shape ?? {};
  const value = (props.value ?? {}) as Record<string, unknown>;
  return (
    <div className="bo-sf-form">
      {Object.entries(shape).map(([key, child]) => {
        const hasError = Object.keys(props.errors).some((path) => path === key || path.startsWith(`${key}.`));
        const hasChange = isChanged(props.changed, key);
        return (
          <details key={key} className="bo-sf-section" open={hasError || hasChange || undefined} data-section={key}>
            <summary>
              <span className="bo-mono">{key}</span>
              {hasChange && <span className="bo-badge bo-badge-info">•</span>}
              {hasError && <span className="bo-badge bo-badge-bad">!</span>}
            </summary>
            <div className="bo-sf-body">
              <Node {...props} schema={child} value={value[key]} path={[key]} label={key} onChange={(next) => props.onChange(setAt(value, [key], next))} />
            </div>
          </details>
        );
      })}
    </div>
  );
}

function Node(props: NodeProps) {
  const { inner, nullable, optional } = unwrap(props.schema);
  const def = defOf(inner);
  const key = props.path.join('.');
  const error = props.errors[key];
  const changed = props.changed.has(key);
  const set = (value: unknown) => props.onChange(value);

  switch (def.type) {
    case 'object':
      return <ObjectNode {...props} shape={def.shape ?? {}} />;
    case 'array':
      return <ArrayNode {...props} element={def.element!} />;
    case 'string':
      return (
        <Input label={props.label} path={key} error={error} changed={changed}>
          {(id) => (
            <input
              id={id}
              type="text"
              value={typeof props.value === 'string' ? props.value : ''}
              readOnly={props.readOnly}
              aria-invalid={error ? true : undefined}
              onChange={(event) => set(event.target.value === '' && (optional || nullable) ? (optional ? undefined : null) : event.target.value)}
            />
          )}
        </Input>
      );
    case 'number':
      return (
        <Input label={props.label} path={key} error={error} changed={changed}>
          {(id) => (
            <input
              id={id}
              type="text"
              inputMode="decimal"
              value={props.value === undefined || props.value === null ? '' : String(props.value)}
              readOnly={props.readOnly}
              aria-invalid={error ? true : undefined}
              // A number stays a number; anything else is kept as typed, for the schema to name.
              onChange={(event) => {
                const text = event.target.value.trim();
                set(text === '' ? (nullable ? null : optional ? undefined : text) : Number.isFinite(Number(text)) ? Number(text) : event.target.value);
              }}
            />
          )}
        </Input>
      );
    case 'boolean':
      return <Checkbox label={props.label} path={key} checked={props.value === true} readOnly={props.readOnly} error={error} changed={changed} onChange={set} />;
    case 'enum':
      return (
        <Input label={props.label} path={key} error={error} changed={changed}>
          {(id) => (
            <select id={id} value={props.value === null || props.value === undefined ? '' : String(props.value)} disabled={props.readOnly} aria-invalid={error ? true : undefined} onChange={(event) => set(event.target.value === '' ? null : event.target.value)}>
              {(nullable || optional) && <option value="">—</option>}
              {enumOptions(inner).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Input>
      );
    default:
      return <JsonNode {...props} />;
  }
}

function ObjectNode(props: NodeProps & { shape: Record<string, Schema> }) {
  const value = (props.value ?? {}) as Record<string, unknown>;
  const entries = Object.entries(props.shape);
  const simple = (schema: Schema) => ['string', 'number', 'boolean', 'enum'].includes(defOf(unwrap(schema).inner).type);
  const leaves = entries.filter(([, child]) => simple(child));
  const groups = entries.filter(([, child]) => !simple(child));
  const children = (list: typeof entries) =>
    list.map(([key, child]) => (
      <Node key={key} {...props} schema={child} value={value[key]} path={[...props.path, key]} label={key} onChange={(next) => props.onChange(setAt(value, [key], next))} />
    ));
  const body = (
    <>
      {leaves.length > 0 && <div className="bo-sf-fields">{children(leaves)}</div>}
      {children(groups)}
    </>
  );
  // The document's top-level sections have their own frame; nested objects get a fieldset.
  if (props.path.length === 1) return <div className="bo-sf-form">{body}</div>;
  return (
    <fieldset className={clsx('bo-sf-group', isChanged(props.changed, props.path.join('.')) && 'bo-sf-changed')} data-path={props.path.join('.')}>
      <legend className="bo-mono">{props.label}</legend>
      {props.errors[props.path.join('.')] && <p className="bo-error-text">{props.errors[props.path.join('.')]}</p>}
      {body}
    </fieldset>
  );
}

function ArrayNode(props: NodeProps & { element: Schema }) {
  const t = useTexts(texts);
  const items = Array.isArray(props.value) ? props.value : [];
  const key = props.path.join('.');
  return (
    <fieldset className={clsx('bo-sf-group', isChanged(props.changed, key) && 'bo-sf-changed')} data-path={key}>
      <legend className="bo-mono">{props.label}</legend>
      {props.errors[key] && <p className="bo-error-text">{props.errors[key]}</p>}
      {items.length === 0 && <p className="bo-hint">{t('empty')}</p>}
      {items.map((item, index) => (
        <div key={index} className="bo-sf-row">
          <Node
            {...props}
            schema={props.element}
            value={item}
            path={[...props.path, String(index)]}
            label={`${props.label}[${index}]`}
            onChange={(next) => props.onChange(items.map((current, at) => (at === index ? next : current)))}
          />
          {!props.readOnly && (
            <button type="button" className="bo-button bo-button-quiet" aria-label={`${t('remove')} ${props.label}[${index}]`} onClick={() => props.onChange(items.filter((_, at) => at !== index))}>
              {t('remove')}
            </button>
          )}
        </div>
      ))}
      {!props.readOnly && (
        <div>
          <button type="button" className="bo-button" onClick={() => props.onChange([...items, blankOf(props.element)])}>
            {t('add')} · <span className="bo-mono">{props.label}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}

function JsonNode(props: NodeProps) {
  const t = useTexts(texts);
  const key = props.path.join('.');
  const shown = JSON.stringify(props.value ?? null, null, 2);
  // The text as typed while it does not parse; the document's value otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const error = draft !== null ? t('notJson') : props.errors[key];
  return (
    <Input label={`${props.label} (${t('json')})`} path={key} error={error} changed={props.changed.has(key) || isChanged(props.changed, key)} className="bo-sf-json">
      {(id) => (
        <textarea
          id={id}
          value={draft ?? shown}
          readOnly={props.readOnly}
          rows={Math.min(12, Math.max(3, (draft ?? shown).split('\n').length))}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            try {
              const parsed: unknown = JSON.parse(event.target.value);
              setDraft(null);
              props.onJsonError(key, null);
              props.onChange(parsed);
            } catch {
              setDraft(event.target.value);
              props.onJsonError(key, t('notJson'));
            }
          }}
        />
      )}
    </Input>
  );
}

function Input({ label, path, error, changed, className, children }: { label: string; path: string; error?: string; changed: boolean; className?: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className={clsx('bo-field', changed && 'bo-sf-changed', className)} data-path={path}>
      <label htmlFor={id} className="bo-mono">
        {label}
      </label>
      {children(id)}
      {error && (
        <p className="bo-error-text" role="alert">
          {path}: {error}
        </p>
      )}
    </div>
  );
}

function Checkbox(props: { label: string; path: string; checked: boolean; readOnly?: boolean; error?: string; changed: boolean; onChange(value: boolean): void }) {
  const id = useId();
  return (
    <div className={clsx('bo-field', props.changed && 'bo-sf-changed')} data-path={props.path}>
      <div className="bo-sf-check">
        <input id={id} type="checkbox" checked={props.checked} disabled={props.readOnly} onChange={(event) => props.onChange(event.target.checked)} />
        <label htmlFor={id} className="bo-mono">
          {props.label}
        </label>
      </div>
      {props.error && (
        <p className="bo-error-text" role="alert">
          {props.path}: {props.error}
        </p>
      )}
    </div>
  );
}

/** The changed paths with old → new, as the screen shows them before a save or a rollback. */
export function DiffList({ changes }: { changes: Array<{ path: string; before: unknown; after: unknown }> }) {
  return (
    <ul className="bo-diff" data-testid="bo-diff">
      {changes.map((change) => (
        <li key={change.path}>
          <span className="bo-mono">{change.path}</span>
          <span>
            <span className="bo-diff-old bo-mono">{shortValue(change.before)}</span> → <span className="bo-diff-new bo-mono">{shortValue(change.after)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
