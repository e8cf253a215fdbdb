import {
  DrawerForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { ResourceContract, ResourceField } from '@shetuan/shared';
import { type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { feedback } from '../../app/feedback';
import type { ResourceApi } from './api';
import { fieldLimits, fieldRules, fieldSchema, formBody } from './rules';

type Values = Record<string, unknown>;

/** The field of a schema key: the contract's, or a plain text field titled by its key. */
function fieldOf(fields: readonly ResourceField[], key: string): ResourceField {
  return fields.find((f) => f.key === key) ?? { key, title: key };
}

/** The form's fields: the schema's keys in the contract's field order, then any others. */
export function formKeys(fields: readonly ResourceField[], schema: z.ZodObject, leaveOut: readonly string[]): string[] {
  const keys = Object.keys(schema.shape).filter((k) => !leaveOut.includes(k));
  const order = (k: string) => {
    const i = fields.findIndex((f) => f.key === k);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return keys.sort((a, b) => order(a) - order(b));
}

/** A new record's starting values: what the schema gives an absent field (its defaults). */
export function schemaDefaults(schema: z.ZodObject): Values {
  const values: Values = {};
  for (const key of Object.keys(schema.shape)) {
    const result = fieldSchema(schema, key)?.safeParse(undefined);
    if (result?.success && result.data !== undefined && result.data !== '') values[key] = result.data;
  }
  return values;
}

/** One control, chosen by the field's kind, with rules derived from the schema. */
function FieldControl({ field, schema, disabled }: { field: ResourceField; schema: z.ZodObject; disabled?: boolean }) {
  const common = {
    name: field.key,
    label: field.title,
    rules: disabled ? [] : fieldRules(schema, field.key),
    disabled,
  };
  const limits = disabled ? {} : fieldLimits(schema, field.key);
  switch (field.kind) {
    case 'number':
      return (
        <ProFormDigit
          {...common}
          min={limits.min}
          max={limits.max}
          fieldProps={{ precision: limits.integer ? 0 : undefined, style: { width: '100%' } }}
        />
      );
    case 'enum': {
      const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
      return options.length <= 3 ? (
        <ProFormRadio.Group {...common} options={options} />
      ) : (
        <ProFormSelect {...common} options={options} showSearch />
      );
    }
    case 'boolean':
      return <ProFormSwitch {...common} />;
    case 'datetime':
      return <ProFormDateTimePicker {...common} fieldProps={{ style: { width: '100%' } }} />;
    case 'textarea':
      return (
        <ProFormTextArea
          {...common}
          fieldProps={{ maxLength: limits.maxLength, showCount: Boolean(limits.maxLength), autoSize: { minRows: 3 } }}
        />
      );
    default:
      return <ProFormText {...common} fieldProps={{ maxLength: limits.maxLength }} />;
  }
}

export interface ResourceFormProps<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
> {
  contract: ResourceContract<E, C, U, F>;
  resource: ResourceApi<E, C, U, F>;
  /** Values fixed by the screen (a dictionary's code): sent on create, never shown. */
  fixed?: Values;
  /** Fields left out of the form: new records get their defaults, edited ones keep their values. */
  hidden?: readonly string[];
  /** The record's id when editing; absent to create. */
  editingId?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
  title?: ReactNode;
}

/**
 * The create-or-update drawer of a resource: fields from the create or update schema, titles and
 * kinds from the contract, rules from the schema. Editing loads the record (GET :id); keys only
 * the create schema has (a dictionary item's value) show read-only.
 */
export function ResourceForm<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(props: ResourceFormProps<E, C, U, F>) {
  const { contract, resource, fixed = {}, hidden = [], editingId } = props;
  const editing = editingId !== undefined;
  const schema: z.ZodObject = editing ? contract.update : contract.create;
  const fixedKeys = Object.keys(fixed);
  const keys = formKeys(contract.fields, schema, [...fixedKeys, ...hidden]);
  const shownOnly = editing
    ? formKeys(contract.fields, contract.create, [...fixedKeys, ...hidden, ...Object.keys(contract.update.shape)])
    : [];
  // The record as loaded: what the form does not show is sent back as it was (the update
  // schema's defaults would otherwise blank it).
  const loaded = useRef<Values>({});
  return (
    <DrawerForm<Values>
      key={editing ? `edit-${editingId}` : 'create'}
      title={props.title ?? `${editing ? '编辑' : '新增'}${contract.title}`}
      open={props.open}
      onOpenChange={props.onOpenChange}
      width="min(560px, 100vw)"
      drawerProps={{ destroyOnHidden: true, maskClosable: false }}
      layout="vertical"
      request={async () => {
        if (editingId === undefined) return schemaDefaults(contract.create);
        loaded.current = (await resource.get(editingId)) as Values;
        return loaded.current;
      }}
      onFinish={async (values) => {
        if (editingId === undefined) {
          const parsed = formBody(contract.create, { ...values, ...fixed });
          if (!parsed.ok) {
            void feedback.message.error(parsed.message);
            return false;
          }
          await resource.create(parsed.body as z.input<C>);
          void feedback.message.success('新增成功');
        } else {
          const parsed = formBody(contract.update, { ...loaded.current, ...values });
          if (!parsed.ok) {
            void feedback.message.error(parsed.message);
            return false;
          }
          await resource.update(editingId, parsed.body as z.input<U>);
          void feedback.message.success('保存成功');
        }
        props.onSaved();
        return true;
      }}
    >
      {shownOnly.map((key) => (
        <FieldControl key={key} field={fieldOf(contract.fields, key)} schema={contract.create} disabled />
      ))}
      {keys.map((key) => (
        <FieldControl key={key} field={fieldOf(contract.fields, key)} schema={schema} />
      ))}
    </DrawerForm>
  );
}
