import {
  DrawerForm,
  ProForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { ResourceContract, ResourceField } from '@shetuan/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';
import type { ResourceApi } from './api';
import { fieldLimits, fieldRules, fieldSchema, formBody } from './rules';

type Values = Record<string, unknown>;

/** A screen's own form controls by field key (a region cascader, a rich-text editor, an upload). */
export type ResourceWidgets = Partial<Record<string, ReactElement>>;

/** The query key of the options an `optionsFrom` path answers; invalidated after every change. */
export const OPTIONS_KEY = ['resource-options'] as const;

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

/** The select of an `optionsFrom` field: the records its path lists, less the one being edited. */
function RemoteSelect({ path, leaveOut, ...common }: { path: string; leaveOut?: number } & Record<string, unknown>) {
  const options = useQuery({
    queryKey: [...OPTIONS_KEY, path],
    queryFn: async () => (await api.get<{ list: { id: number; name: string }[] }>(path)).list,
  });
  return (
    <ProFormSelect
      {...common}
      showSearch
      options={(options.data ?? []).filter((o) => o.id !== leaveOut).map((o) => ({ value: o.id, label: o.name }))}
      fieldProps={{ loading: options.isPending }}
    />
  );
}

interface ControlProps {
  field: ResourceField;
  schema: z.ZodObject;
  disabled?: boolean;
  widget?: ReactElement;
  /** The record being edited, when it is one of the options' own records (a parent picker). */
  selfId?: number;
}

/** One control: the screen's widget, or one chosen by the field's kind; rules derived from the schema. */
function FieldControl({ field, schema, disabled, widget, selfId }: ControlProps) {
  const rules = disabled ? [] : fieldRules(schema, field.key);
  const common = {
    name: field.key,
    label: field.title,
    rules,
    disabled,
    tooltip: field.hint,
    placeholder: field.placeholder,
  };
  if (widget)
    return (
      <ProForm.Item name={field.key} label={field.title} rules={rules} tooltip={field.hint}>
        {widget}
      </ProForm.Item>
    );
  const limits = disabled ? {} : fieldLimits(schema, field.key);
  const optional = !rules.some((r) => 'required' in r && r.required);
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
      if (field.optionsFrom)
        return (
          <RemoteSelect
            {...common}
            path={field.optionsFrom}
            leaveOut={selfId}
            allowClear={optional}
            key={field.optionsFrom}
          />
        );
      const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
      return options.length <= 3 ? (
        <ProFormRadio.Group {...common} options={options} />
      ) : (
        <ProFormSelect {...common} options={options} showSearch allowClear={optional} />
      );
    }
    case 'tags':
      return <ProFormSelect {...common} mode="tags" fieldProps={{ tokenSeparators: [',', '，', ' ', '、'] }} />;
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
  D extends z.ZodObject = E,
> {
  contract: ResourceContract<E, C, U, F, D>;
  resource: ResourceApi<E, C, U, F, D>;
  /** Values fixed by the screen (a dictionary's code): sent on create, never shown. */
  fixed?: Values;
  /** Fields left out of the form: new records get their defaults, edited ones keep their values. */
  hidden?: readonly string[];
  /** The screen's own controls by field key, in place of the kind's. */
  widgets?: ResourceWidgets;
  /** The record's id when editing; absent to create. */
  editingId?: number;
  /** A new record's starting values beyond the schema's defaults (新增下级: the parent). */
  initial?: Values;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
  title?: ReactNode;
  /** The word for creating: 新增 by default (开通 for a tenant). */
  createVerb?: string;
  /** The word for editing: 编辑 by default (重命名). */
  editVerb?: string;
  /** The drawer's width in pixels (560 by default; never wider than the screen). */
  width?: number;
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
  D extends z.ZodObject = E,
>(props: ResourceFormProps<E, C, U, F, D>) {
  const { contract, resource, fixed = {}, hidden = [], editingId, widgets = {} } = props;
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
  const control = (key: string, disabled?: boolean) => {
    const field = fieldOf(contract.fields, key);
    const own = field.optionsFrom?.startsWith(`${contract.api}/`) ? editingId : undefined;
    return (
      <FieldControl
        key={key}
        field={field}
        schema={disabled ? contract.create : schema}
        disabled={disabled}
        widget={widgets[key]}
        selfId={own}
      />
    );
  };
  return (
    <DrawerForm<Values>
      key={editing ? `edit-${editingId}` : 'create'}
      title={props.title ?? `${editing ? (props.editVerb ?? '编辑') : (props.createVerb ?? '新增')}${contract.title}`}
      open={props.open}
      onOpenChange={props.onOpenChange}
      width={`min(${props.width ?? 560}px, 100vw)`}
      drawerProps={{ destroyOnHidden: true, maskClosable: false }}
      layout="vertical"
      request={async () => {
        if (editingId === undefined) return { ...schemaDefaults(contract.create), ...props.initial };
        loaded.current = (await resource.get(editingId)) as Values;
        return loaded.current;
      }}
      onFinish={async (values) => {
        if (editingId === undefined) {
          const parsed = formBody(contract.create, { ...props.initial, ...values, ...fixed });
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
      {shownOnly.map((key) => control(key, true))}
      {keys.map((key) => control(key))}
    </DrawerForm>
  );
}
